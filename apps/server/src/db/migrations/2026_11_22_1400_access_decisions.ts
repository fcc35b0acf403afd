import { type Kysely, sql } from 'kysely';

/**
 * The authority's decisions on access and its own audit trail.
 *
 * `given` keeps its meaning (true: active; the scope reads only that). A request the authority
 * turned down, or an access it took back, is `given=false` with `rejection` set; `status` is
 * derived from both so that no row can be active and denied at once.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('municipality_access')
    .addColumn('rejection', 'text', (c) => c.check(sql`rejection in ('DENIED', 'REVOKED')`))
    .addColumn('deny_reason', 'text', (c) => c.check(sql`char_length(deny_reason) <= 1000`))
    .addColumn('decided_by', 'uuid', (c) => c.references('app_user.id').onDelete('set null'))
    .execute();
  await sql`alter table municipality_access add constraint municipality_access_given_or_rejected
    check (not (given and rejection is not null))`.execute(db);
  await sql`alter table municipality_access add column status text generated always as (
    case when given then 'ACTIVE' when rejection is not null then rejection else 'PENDING' end
  ) stored`.execute(db);
  // The authority's work list: pending requests, oldest first.
  await db.schema
    .createIndex('municipality_access_status_idx')
    .on('municipality_access')
    .columns(['status', 'requested_at'])
    .execute();

  await db.schema
    .createTable('admin_audit_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Kept when the administrator's account is removed: the trail must outlive the account.
    .addColumn('admin_user_id', 'uuid', (c) => c.notNull())
    .addColumn('admin_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('admin_audit_log_time_idx').on('admin_audit_log').column('occurred_at').execute();

  await db.schema.createIndex('status_message_valid_idx').on('status_message').columns(['valid_from', 'valid_to']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('status_message_valid_idx').execute();
  await db.schema.dropTable('admin_audit_log').execute();
  await db.schema.dropIndex('municipality_access_status_idx').execute();
  await sql`alter table municipality_access drop column status`.execute(db);
  await sql`alter table municipality_access drop constraint municipality_access_given_or_rejected`.execute(db);
  await db.schema
    .alterTable('municipality_access')
    .dropColumn('decided_by')
    .dropColumn('deny_reason')
    .dropColumn('rejection')
    .execute();
}
