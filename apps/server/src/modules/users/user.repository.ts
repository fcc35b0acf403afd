import type { Db } from '../../db/database.ts';

export interface UserProfile {
  subject: string;
  username: string | null;
  givenName: string | null;
  middleName: string | null;
  familyName: string | null;
  roles: string[];
}

/**
 * The user row for a token's subject, created on first sight and refreshed when the token's
 * names or roles changed. Reads first so that the common case writes nothing. A username belongs
 * to the account the identity provider now gives it: a new subject with a known username (an
 * account deleted and made again) is a new user, and the old row, with its access and history,
 * keeps its id and loses the name (usernames are unique).
 */
export async function upsertUserBySubject(db: Db, profile: UserProfile): Promise<{ id: string }> {
  const existing = await db
    .selectFrom('app_user')
    .select(['id', 'username', 'given_name', 'middle_name', 'family_name', 'roles'])
    .where('subject', '=', profile.subject)
    .executeTakeFirst();
  const values = {
    given_name: profile.givenName,
    middle_name: profile.middleName,
    family_name: profile.familyName,
    roles: profile.roles,
  };
  if (existing) {
    const changed =
      existing.given_name !== values.given_name ||
      existing.middle_name !== values.middle_name ||
      existing.family_name !== values.family_name ||
      existing.roles.join('\u0000') !== values.roles.join('\u0000');
    if (changed) await db.updateTable('app_user').set(values).where('id', '=', existing.id).execute();
    return { id: existing.id };
  }
  // Two first requests of a new user can race: the unique subject makes one insert win.
  await db.transaction().execute(async (trx) => {
    if (profile.username !== null) {
      await trx
        .updateTable('app_user')
        .set({ username: null })
        .where('username', '=', profile.username)
        .where('subject', '<>', profile.subject)
        .execute();
    }
    await trx
      .insertInto('app_user')
      .values({ subject: profile.subject, username: profile.username, ...values })
      .onConflict((oc) => oc.column('subject').doNothing())
      .execute();
  });
  return db.selectFrom('app_user').select('id').where('subject', '=', profile.subject).executeTakeFirstOrThrow();
}

export interface LocalAccount {
  subject: string;
  username: string;
  givenName: string | null;
  middleName: string | null;
  familyName: string | null;
  roles: string[];
  passwordHash: string;
}

/** Accounts of the development identity provider: users that have a password in this database. */
export async function findLocalAccount(db: Db, by: { username: string } | { subject: string }): Promise<LocalAccount | null> {
  let query = db
    .selectFrom('app_user')
    .select(['subject', 'username', 'given_name', 'middle_name', 'family_name', 'roles', 'password_hash'])
    .where('password_hash', 'is not', null);
  query = 'username' in by ? query.where('username', '=', by.username) : query.where('subject', '=', by.subject);
  const row = await query.executeTakeFirst();
  if (!row?.username || !row.password_hash) return null;
  return {
    subject: row.subject,
    username: row.username,
    givenName: row.given_name,
    middleName: row.middle_name,
    familyName: row.family_name,
    roles: row.roles,
    passwordHash: row.password_hash,
  };
}
