import type { BaseLogger, LoggerOptions } from 'pino';
import type { Config } from './config.ts';

/** One logger configuration for the server and the command-line tools: tokens and cookies never reach a log. */
export function loggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
  };
}

/** What a module logs through: the request's logger or the process' one, whoever calls it. */
export type Log = Pick<BaseLogger, 'info' | 'warn'>;
