import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The rate limit's counters, shared by every server process on one PostgreSQL: a user's limit is
 * one limit however many servers answer them. Unlogged: a counter lost in a crash only forgives
 * one minute of requests, and it is written on every request, so it writes no WAL (nor reaches a
 * replica, which never needs it).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit')
    .modifyFront(sql`unlogged`)
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_ends', 'timestamptz', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit').execute();
}
