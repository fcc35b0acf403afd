import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);

  await db.schema
    .createTable('county')
    .addColumn('id', 'text', (c) => c.primaryKey().check(sql`id ~ '^[0-9]{2}$'`))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('municipality')
    .addColumn('id', 'text', (c) => c.primaryKey().check(sql`id ~ '^[0-9]{4}$'`))
    .addColumn('county_id', 'text', (c) => c.notNull().references('county.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organisation')
    .addColumn('organisation_number', 'text', (c) => c.primaryKey().check(sql`organisation_number ~ '^[0-9]{9}$'`))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('app_user')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('subject', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.unique())
    .addColumn('given_name', 'text')
    .addColumn('middle_name', 'text')
    .addColumn('family_name', 'text')
    .addColumn('roles', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('user_organisation')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('organisation_number', 'text', (c) => c.notNull().references('organisation.organisation_number'))
    .addPrimaryKeyConstraint('user_organisation_pk', ['user_id', 'organisation_number'])
    .execute();

  await db.schema
    .createTable('terms_version')
    .addColumn('version', 'integer', (c) => c.primaryKey().check(sql`version > 0`))
    .addColumn('text_nb', 'text', (c) => c.notNull())
    .addColumn('text_nn', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('terms_acceptance')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().references('terms_version.version'))
    .addColumn('accepted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('terms_acceptance_pk', ['user_id', 'version'])
    .execute();

  await db.schema
    .createTable('municipality_access')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('organisation_number', 'text', (c) => c.notNull().references('organisation.organisation_number'))
    .addColumn('municipality_id', 'text', (c) => c.notNull().references('municipality.id'))
    .addColumn('given', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .addUniqueConstraint('municipality_access_unique', ['user_id', 'organisation_number', 'municipality_id'])
    .execute();
  // The scope lookup of every data request: (user, organisation) → given municipalities.
  await db.schema
    .createIndex('municipality_access_scope_idx')
    .on('municipality_access')
    .columns(['user_id', 'organisation_number', 'given'])
    .execute();

  await db.schema
    .createTable('status_message')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('ERROR', 'INFO', 'WARNING')`))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('valid_to', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('status_message_period', sql`valid_to is null or valid_to > valid_from`)
    .execute();

  await db.schema
    .createTable('idp_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .execute();

  // Sessions, grants, codes and tokens of the development identity provider.
  await db.schema
    .createTable('idp_record')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('idp_record_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('idp_record_grant_idx').on('idp_record').column('grant_id').execute();
  await db.schema.createIndex('idp_record_uid_idx').on('idp_record').column('uid').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'idp_record',
    'idp_state',
    'status_message',
    'municipality_access',
    'terms_acceptance',
    'terms_version',
    'user_organisation',
    'app_user',
    'organisation',
    'municipality',
    'county',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
