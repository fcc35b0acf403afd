import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

/**
 * One owner for an embedded (PGlite) data directory. PGlite has no postmaster to turn a second
 * opener away, and two processes on one directory corrupt it (duplicate primary keys, lost
 * migrations), so every process that opens it first takes this lock and holds it until it exits.
 *
 * Why not a library: proper-lockfile and its kin decide staleness by the lock's age, refreshed on a
 * timer; PGlite runs PostgreSQL synchronously on the main thread, so a long migration or import
 * batch stalls that timer and a live owner's lock would be "stale" and taken over. Node has no
 * flock(2) without a native addon. So the lock is the OS's own atomic exclusive create — link(2)
 * of a fully written file, which fails if the lock exists — and staleness is decided by asking the
 * OS whether the holder still runs: the pid must be alive, not a zombie, and (on Linux) the same
 * process as the one that wrote the lock (its start time and the boot id match, so a pid reused
 * after a crash or a reboot does not keep a dead owner's lock alive).
 *
 * The lock is the file `<dataDir>.lock` beside the directory, so it is in place before any file
 * of the directory is touched and is never part of a dump of it.
 */

export interface LockHolder {
  pid: number;
  /** The holder's command line, for the message a second opener shows. */
  command: string;
  /** ISO time the lock was taken. */
  since: string;
  host: string;
  /** Where the holder serves HTTP, when it is the server (for "import through the running server"). */
  url: string | null;
  /** Linux: /proc/sys/kernel/random/boot_id and the process's start time, to tell a reused pid. */
  bootId: string | null;
  startTime: string | null;
}

export class DataDirLockedError extends Error {
  readonly holder: LockHolder;
  constructor(dataDir: string, holder: LockHolder) {
    const endpoint = `${holder.url ?? 'http://SERVER'}/api/v1/admin/imports`;
    super(
      `The embedded database ${dataDir} is in use by process ${holder.pid} (${holder.command}) on ${holder.host} since ${holder.since}.\n` +
        // Issue 20's words: "stop the server first, or import through the running server: …".
        'Only one process may open it at a time: stop the server first (or whichever process holds it), ' +
        `or import through the running server: POST ${endpoint} (role fast-admin; see docs/import.md), ` +
        'or the "Importer anlegg" tab of the admin console.',
    );
    this.holder = holder;
  }
}

export const lockFileOf = (dataDir: string) => `${dataDir}.lock`;

function readProc(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Field 22 (start time since boot) and field 3 (state) of /proc/PID/stat; null off Linux. */
function procStat(pid: number): { state: string; startTime: string } | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command (field 2) is in parentheses and may itself hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
}

const bootId = () => readProc('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

function me(url: string | null): LockHolder {
  return {
    pid: process.pid,
    command: process.argv
      .slice(1)
      .map((a) => a.replace(/^.*\/apps\/server\//, ''))
      .join(' '),
    since: new Date().toISOString(),
    host: hostname(),
    url,
    bootId: bootId(),
    startTime: procStat(process.pid)?.startTime ?? null,
  };
}

/** Whether the process that wrote the lock still runs. Unsure (another host) counts as alive. */
export function holderAlive(holder: LockHolder): boolean {
  if (!(holder.pid > 0)) return false; // a damaged lock file
  if (holder.host !== hostname()) return true;
  if (holder.bootId && bootId() && holder.bootId !== bootId()) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const stat = procStat(holder.pid);
  if (!stat) return true;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return !holder.startTime || holder.startTime === stat.startTime;
}

function readHolder(path: string): LockHolder | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockHolder;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // The lock is always written whole before it is linked in place; unreadable means damaged.
    return { pid: 0, command: '(unreadable lock file)', since: '?', host: hostname(), url: null, bootId: null, startTime: null };
  }
}

const sameHolder = (a: LockHolder | null, b: LockHolder | null) =>
  a !== null && b !== null && a.pid === b.pid && a.since === b.since && a.startTime === b.startTime;

/** Writes the holder to a private file, then links it in place: the lock never exists half written. */
function tryCreate(path: string, holder: LockHolder): boolean {
  const draft = `${path}.${process.pid}.${Date.now()}`;
  writeFileSync(draft, JSON.stringify(holder), { flag: 'wx' });
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

/**
 * Replaces a stale lock with ours. Two openers may find the same stale lock: each must first win
 * the exclusive `<lock>.takeover-<pid>-<since>` marker named after that stale holder, so exactly
 * one of them replaces it; the winner checks that the lock still names the stale holder, then
 * renames its own lock over it (atomic). The marker stays until the lock changes owner again.
 */
const markerOf = (path: string, stale: LockHolder) => `${path}.takeover-${stale.pid}-${stale.since.replace(/[^0-9A-Za-z]/g, '')}`;

function takeOver(path: string, stale: LockHolder, holder: LockHolder): boolean {
  try {
    closeSync(openSync(markerOf(path, stale), 'wx'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  if (!sameHolder(readHolder(path), stale)) return false;
  const draft = `${path}.${process.pid}.${Date.now()}`;
  writeFileSync(draft, JSON.stringify(holder), { flag: 'wx' });
  renameSync(draft, path);
  return true;
}

/** Once we hold the lock, no marker can matter any more: each names a holder the lock no longer names. */
function removeMarkers(path: string) {
  const dir = dirname(path);
  const prefix = `${basename(path)}.takeover-`;
  for (const name of readdirSync(dir)) {
    if (name.startsWith(prefix)) rmSync(join(dir, name), { force: true });
  }
}

export interface DataDirLock {
  /** The stale holder this process took over from, if any (for the log). */
  tookOverFrom: LockHolder | null;
  release(): void;
}

/**
 * Takes the data directory's lock or throws DataDirLockedError naming the live holder. Released by
 * release() and, failing that, when the process exits; a process killed outright leaves the lock
 * behind, and the next opener finds its holder dead and takes it over.
 */
export function lockDataDir(dataDir: string, options: { url?: string | null } = {}): DataDirLock {
  const path = lockFileOf(dataDir);
  mkdirSync(dirname(path), { recursive: true });
  const holder = me(options.url ?? null);
  let tookOverFrom: LockHolder | null = null;
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(path, holder)) break;
    const current = readHolder(path);
    if (current === null) continue; // released between our two steps: try again
    if (holderAlive(current)) throw new DataDirLockedError(dataDir, current);
    if (takeOver(path, current, holder)) {
      tookOverFrom = current;
      break;
    }
    if (attempt >= 3) {
      // Only an opener that died between its marker and its rename (a window of microseconds)
      // leaves this: guessing whether another is still in it could give the lock to two.
      const marker = markerOf(path, current);
      throw new Error(
        `The lock ${path} was left by process ${current.pid} (${current.command}), which no longer runs, but an earlier takeover of it did not finish. ` +
          `If no other FAST process is starting on ${dataDir}, delete ${marker} and try again.`,
      );
    }
  }
  removeMarkers(path);
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    // Only our own lock: never remove one another process holds.
    if (sameHolder(readHolder(path), holder)) unlinkSync(path);
  };
  process.on('exit', release);
  return { tookOverFrom, release };
}
