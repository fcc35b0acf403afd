import { type Kysely, sql } from 'kysely';

/**
 * Indexes on the columns that point at a document (an inspection's report, a notification's
 * receipt, an accident's report). Deleting a document sets these to null (`on delete set null`),
 * and without an index PostgreSQL finds the rows by reading the whole table, once per document: an
 * import that replaces a facility deletes its documents, so a full import through the running
 * server read those tables once per document, and its batches held PGlite's one session for
 * seconds (issue 41). Partial: most rows have no document.
 */
const COLUMNS = [
  ['inspection', 'report_document_id'],
  ['notification_report', 'receipt_document_id'],
  ['accident', 'report_document_id'],
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column] of COLUMNS) {
    await sql.raw(`create index ${table}_${column}_idx on ${table} (${column}) where ${column} is not null`).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of COLUMNS) await sql.raw(`drop index ${table}_${column}_idx`).execute(db);
}
