import type { Kysely } from 'kysely';

/** A status message may also be written in Nynorsk; users reading nn see that text when it is there. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('status_message').addColumn('message_nn', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('status_message').dropColumn('message_nn').execute();
}
