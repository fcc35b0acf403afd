import { type Kysely, sql } from 'kysely';

/**
 * The secondary indexes a first load of an empty register drops and builds again afterwards
 * (modules/register/deferred-indexes.repository.ts): written in the transaction that drops them,
 * so an index a killed load never rebuilt is still named here and is built at the next start.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table deferred_index (
      name text primary key,
      definition text not null,
      statistics jsonb not null default '[]'
    )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table deferred_index`.execute(db);
}
