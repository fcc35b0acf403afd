import type { LoggerOptions } from 'pino';
import type { Config } from './config.ts';

/** One logger configuration for the server and the command-line tools: tokens and cookies never reach a log. */
export function loggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
  };
}
