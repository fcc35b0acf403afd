import type { Db } from '../db/database.ts';

/** One user's organisation, as the demo seeds it: the municipalities given, or a whole county's, and those pending. */
interface DemoMembership {
  organisation_number: string;
  given: string[] | { county: string };
  pending: string[];
}

interface DemoUserRow {
  subject: string;
  username: string;
  given_name: string;
  middle_name: string | null;
  family_name: string;
  roles: string[];
  password_hash: string;
  organisations: DemoMembership[];
}

/** Whether any user can sign in with a password here (the demo users, or users made since). */
export async function anyPasswordUser(db: Db): Promise<boolean> {
  const row = await db.selectFrom('app_user').select('id').where('password_hash', 'is not', null).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The organisations (kept where they exist), the users with their access, and one status message, in one transaction. */
export async function insertDemoUsers(
  db: Db,
  organisations: { organisation_number: string; name: string }[],
  users: DemoUserRow[],
  statusMessage: { message: string; message_nn: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('organisation')
      .values(organisations)
      .onConflict((oc) => oc.column('organisation_number').doNothing())
      .execute();
    for (const { organisations: memberships, ...user } of users) {
      const { id } = await trx.insertInto('app_user').values(user).returning('id').executeTakeFirstOrThrow();
      for (const org of memberships) {
        await trx.insertInto('user_organisation').values({ user_id: id, organisation_number: org.organisation_number }).execute();
        const given = Array.isArray(org.given)
          ? org.given
          : (await trx.selectFrom('municipality').select('id').where('county_id', '=', org.given.county).execute()).map(
              (m) => m.id,
            );
        const entries = [
          ...given.map((code) => ({ municipality_id: code, given: true, decided_at: new Date() })),
          ...org.pending.map((code) => ({ municipality_id: code, given: false, decided_at: null })),
        ];
        if (entries.length > 0) {
          await trx
            .insertInto('municipality_access')
            .values(entries.map((e) => ({ ...e, user_id: id, organisation_number: org.organisation_number })))
            .execute();
        }
      }
    }
    await trx
      .insertInto('status_message')
      .values({ type: 'INFO', ...statusMessage })
      .execute();
  });
}
