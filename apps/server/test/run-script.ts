import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

/** apps/server: where the server's scripts run from, as npm runs them. */
export const SERVER_DIR = join(import.meta.dirname, '..');

/** Starts one of the server's scripts (src/server.ts, src/cli/...) as a child process of its own. */
export const startScript = (script: string, args: string[], env: NodeJS.ProcessEnv) =>
  spawn(process.execPath, [join(SERVER_DIR, script), ...args], { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });

/** Runs a script to its end: its exit code and everything it wrote (stdout and stderr together). */
export async function runScript(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = startScript(script, args, env);
  let out = '';
  const collect = (d: Buffer) => {
    out += d.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, out };
}

/** The environment for a script on the embedded database under dataDir (never the caller's DATABASE_URL). */
export function embeddedEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...base } = process.env;
  return { ...base, DATA_DIR: dataDir, ...extra };
}
