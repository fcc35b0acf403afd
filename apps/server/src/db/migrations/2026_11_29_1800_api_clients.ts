import { type Kysely, sql } from 'kysely';

/**
 * Machine clients of the OGC feed (issue 38): an administrator registers a client for one
 * organisation; it reads exactly the municipalities approved for that organisation.
 *
 * `secret_hash` is SHA-256 of a 32-byte random secret, hex. A slow, salted hash (scrypt) guards
 * a password a person chose, which can be guessed; 256 random bits cannot be guessed, and a
 * stolen hash cannot be reversed, so a fast hash is as safe and costs no CPU per token request.
 *
 * `user_id` is the client's own row in app_user (subject `client:<client_id>`, the client's name
 * as its full name): the access log and the per-user rate limit then work per client unchanged.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_client')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('client_id', 'text', (c) => c.notNull().unique().check(sql`client_id ~ '^[A-Za-z0-9._:-]{3,100}$'`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().unique().references('app_user.id'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 100`))
    .addColumn('organisation_number', 'text', (c) => c.notNull().references('organisation.organisation_number'))
    .addColumn('contact', 'text', (c) => c.notNull().check(sql`char_length(contact) between 1 and 200`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().check(sql`secret_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // As in the audit trail: the administrator's name is kept when the account is removed.
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_by', 'text')
    .addCheckConstraint('api_client_revoked', sql`(revoked_at is null) = (revoked_by is null)`)
    .execute();
  // A client's scope: every municipality given to its organisation, whoever asked for it.
  await sql`create index municipality_access_organisation_given_idx
    on municipality_access (organisation_number, municipality_id) where given`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index municipality_access_organisation_given_idx`.execute(db);
  await db.schema.dropTable('api_client').execute();
}
