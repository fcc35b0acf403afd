import type { Db } from '../../db/database.ts';

export async function currentTerms(db: Db) {
  return db.selectFrom('terms_version').selectAll().orderBy('version', 'desc').limit(1).executeTakeFirstOrThrow();
}

export async function hasAcceptedTerms(db: Db, userId: string, version: number): Promise<boolean> {
  const row = await db
    .selectFrom('terms_acceptance')
    .select('version')
    .where('user_id', '=', userId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row !== undefined;
}

/** Idempotent: accepting a version twice keeps the first acceptance. */
export async function acceptTerms(db: Db, userId: string, version: number): Promise<void> {
  await db
    .insertInto('terms_acceptance')
    .values({ user_id: userId, version })
    .onConflict((oc) => oc.columns(['user_id', 'version']).doNothing())
    .execute();
}

/** True when the user has accepted the newest published version: one query for the access hook. */
export async function hasAcceptedCurrentTerms(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('terms_version as v')
    .leftJoin('terms_acceptance as a', (join) => join.onRef('a.version', '=', 'v.version').on('a.user_id', '=', userId))
    .select('a.user_id')
    .orderBy('v.version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.user_id != null;
}

/** Publishes a version of the terms unless that version exists (the first terms, written at start-up). */
export async function publishTermsVersionOnce(
  db: Db,
  terms: { version: number; text_nb: string; text_nn: string },
): Promise<void> {
  await db
    .insertInto('terms_version')
    .values(terms)
    .onConflict((oc) => oc.column('version').doNothing())
    .execute();
}
