import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const SERVER_DIR = join(import.meta.dirname, '..');

/**
 * The server process as `npm start` runs it, read from the server's start script so that what a
 * test or benchmark runs cannot drift from what is deployed: the variables the script sets before
 * `node` (glibc reads MALLOC_MMAP_THRESHOLD_ only as a process starts), node's flags, and the entry
 * file. An `--env-file` flag is left out: the caller gives the server its environment.
 */
export function serverCommand(): { env: Record<string, string>; args: string[] } {
  const { scripts } = JSON.parse(readFileSync(join(SERVER_DIR, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = scripts.start.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let word = words.shift();
  for (; word && /^[A-Z_][A-Z0-9_]*=/.test(word); word = words.shift()) {
    const at = word.indexOf('=');
    env[word.slice(0, at)] = word.slice(at + 1);
  }
  if (word !== 'node') throw new Error(`the server's start script does not run node: ${scripts.start}`);
  const args = words.filter((w) => !w.startsWith('--env-file')).map((w) => (w.startsWith('-') ? w : join(SERVER_DIR, w)));
  return { env, args };
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function waitUntilReady(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become ready');
}

/** The real server (src/server.ts, started as `npm start` starts it) as a child process on 127.0.0.1, ready when this resolves. */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  onOutput: (chunk: string) => void = () => {},
): Promise<ChildProcess> {
  const server = serverCommand();
  const child = spawn(process.execPath, server.args, {
    env: { ...process.env, ...server.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => onOutput(String(chunk)));
  child.stderr?.on('data', (chunk) => onOutput(String(chunk)));
  await waitUntilReady(port, child);
  return child;
}
