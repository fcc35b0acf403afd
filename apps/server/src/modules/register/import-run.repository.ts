import { randomUUID } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import type { ImportFormat } from '@fast/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { type Db, poolOf } from '../../db/database.ts';
import type { Log } from '../../logger.ts';
import { type Admin, recordAdminAction } from '../admin/admin-audit.repository.ts';

/**
 * The trail of register imports (table register_import, and the administrators' audit trail as
 * REGISTER_IMPORTED with a `phase`): an import's start is recorded before its first write, its end
 * when it ends, and an import whose process died (kill -9, a power cut) is found at the next
 * start and recorded as interrupted. So every import that changed the register is on the trail,
 * with who started it and which file (name, size, SHA-256).
 *
 * Whether an unfinished import still runs: on PostgreSQL its process holds an advisory lock on a
 * connection of its own, which the server releases when that process dies; the embedded database
 * has one process (its lock file, db/data-dir-lock.ts), whose running imports are known here.
 */

/** The advisory lock space of import runs ('FAST'); the key within it is hashtext(run id). */
const LOCK_SPACE = 0x46415354;

/** The audit trail's name for an import from the command line, which has no administrator. */
const CLI_ADMIN_ID = '00000000-0000-0000-0000-000000000000';

export interface ImportRunStart {
  source: 'api' | 'cli';
  /** The administrator who started it (through the server); null from the command line. */
  admin: Admin | null;
  fileName: string | null;
  format: ImportFormat;
  sizeBytes: number;
  sha256: string;
  dryRun: boolean;
  strict: boolean;
}

export interface ImportRun {
  id: string;
  /** Records the end; `summary` is the report's counts, or why it failed. */
  end(outcome: 'finished' | 'failed', summary: Record<string, unknown>): Promise<void>;
}

/** Import runs of this process on an embedded database (which no other process opens). */
const runningHere = new Set<string>();

/** Who ran a command line tool, for the audit trail: the command, the system user and the host. */
export function cliAdmin(command = 'npm run import'): Admin {
  let user = 'ukjent bruker';
  try {
    user = userInfo().username;
  } catch {
    // no passwd entry (a container's numeric user): the host name still says where
  }
  return { id: CLI_ADMIN_ID, fullName: `${command} (${user}@${hostname()})` };
}

/** A connection of its own to the database behind `db`, or null on PGlite. */
async function ownConnection(db: Db): Promise<pg.Client | null> {
  const pool = poolOf(db);
  if (!pool) return null;
  const client = new pg.Client({ connectionString: pool.options.connectionString, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/**
 * Records the start of an import, after closing the runs of processes that died. Call it before
 * the import's first write; end the returned run when the import ends, whichever way.
 */
export async function startImportRun(db: Db, start: ImportRunStart, log?: Log): Promise<ImportRun> {
  await closeInterruptedImports(db, log);
  const id = randomUUID();
  const admin = start.admin ?? cliAdmin();
  const holder = await ownConnection(db);
  try {
    if (holder) await holder.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_SPACE, id]);
    else runningHere.add(id);
    const file = { name: start.fileName, bytes: start.sizeBytes, sha256: start.sha256 };
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('register_import')
        .values({
          id,
          source: start.source,
          admin_user_id: start.admin?.id ?? null,
          admin_name: admin.fullName,
          file_name: start.fileName,
          format: start.format,
          size_bytes: start.sizeBytes,
          sha256: start.sha256,
          dry_run: start.dryRun,
          strict: start.strict,
        })
        .execute();
      await recordAdminAction(trx, admin, {
        action: 'REGISTER_IMPORTED',
        target: 'register',
        detail: { phase: 'started', importId: id, format: start.format, dryRun: start.dryRun, strict: start.strict, file },
      });
    });
  } catch (error) {
    runningHere.delete(id);
    await holder?.end().catch(() => {});
    throw error;
  }
  let ended = false;
  return {
    id,
    async end(outcome, summary) {
      if (ended) return;
      ended = true;
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('register_import')
            .set({ ended_at: sql`now()`, outcome, summary: JSON.stringify(summary) })
            .where('id', '=', id)
            .where('ended_at', 'is', null)
            .execute();
          await recordAdminAction(trx, admin, {
            action: 'REGISTER_IMPORTED',
            target: 'register',
            detail: { phase: outcome, importId: id, format: start.format, ...summary },
          });
        });
      } finally {
        runningHere.delete(id);
        await holder?.end().catch(() => {});
      }
    },
  };
}

/**
 * Records as interrupted every import that has no end and whose process no longer runs (found at
 * the server's start and before each import). Answers how many it found.
 */
export async function closeInterruptedImports(db: Db, log?: Log): Promise<number> {
  const open = await db
    .selectFrom('register_import')
    .select([
      'id',
      'started_at',
      'admin_user_id',
      'admin_name',
      'file_name',
      'format',
      'size_bytes',
      'sha256',
      'dry_run',
      'strict',
    ])
    .where('ended_at', 'is', null)
    .orderBy('started_at')
    .execute();
  if (open.length === 0) return 0;
  const probe = await ownConnection(db);
  let closed = 0;
  try {
    for (const run of open) {
      if (probe) {
        const { rows } = await probe.query<{ free: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as free', [
          LOCK_SPACE,
          run.id,
        ]);
        if (!rows[0]?.free) continue;
        await probe.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, run.id]);
      } else if (runningHere.has(run.id)) {
        continue;
      }
      const marked = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('register_import')
          .set({ ended_at: sql`now()`, outcome: 'interrupted' })
          .where('id', '=', run.id)
          .where('ended_at', 'is', null)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        await recordAdminAction(
          trx,
          { id: run.admin_user_id ?? CLI_ADMIN_ID, fullName: run.admin_name ?? cliAdmin().fullName },
          {
            action: 'REGISTER_IMPORTED',
            target: 'register',
            detail: {
              phase: 'interrupted',
              importId: run.id,
              startedAt: run.started_at.toISOString(),
              format: run.format,
              dryRun: run.dry_run,
              strict: run.strict,
              file: { name: run.file_name, bytes: Number(run.size_bytes), sha256: run.sha256 },
            },
          },
        );
        return true;
      });
      if (marked) {
        closed++;
        log?.warn({ importId: run.id, startedAt: run.started_at, admin: run.admin_name }, 'a register import was interrupted');
      }
    }
  } finally {
    await probe?.end().catch(() => {});
  }
  return closed;
}
