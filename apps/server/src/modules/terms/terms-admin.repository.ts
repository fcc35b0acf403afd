import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { RowOf } from '../../db/sql.ts';
import { ApiError } from '../../errors.ts';
import { type Admin, recordAdminAction } from '../admin/admin-audit.repository.ts';

function versions(db: Db) {
  return db.selectFrom('terms_version as v').select([
    'v.version',
    'v.published_at',
    'v.text_nb',
    'v.text_nn',
    (eb) =>
      eb.fn
        .coalesce(
          eb
            .selectFrom('terms_acceptance as a')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('a.version', '=', 'v.version'),
          eb.lit(0),
        )
        .as('accepted_count'),
  ]);
}

export type AdminTermsRow = RowOf<ReturnType<typeof versions>>;

/** Every published version, newest first, with how many users accepted it. */
export function listTermsVersions(db: Db): Promise<AdminTermsRow[]> {
  return versions(db).orderBy('v.version', 'desc').execute();
}

/**
 * Publishes the next version. From the moment it commits, the access hook asks every user for
 * it (hasAcceptedCurrentTerms reads the newest version per request). `basedOnVersion` must be the
 * newest: an administrator who edited an older text learns that someone published meanwhile.
 */
export async function publishTerms(
  db: Db,
  admin: Admin,
  text: { nb: string; nn: string },
  basedOnVersion: number,
): Promise<AdminTermsRow> {
  try {
    return await db.transaction().execute(async (trx) => {
      const newest = await trx
        .selectFrom('terms_version')
        .select(sql<number>`coalesce(max(version), 0)`.as('version'))
        .executeTakeFirstOrThrow();
      if (Number(newest.version) !== basedOnVersion) {
        throw new ApiError(
          409,
          'CONFLICT',
          `Versjon ${newest.version} er publisert i mellomtiden. Les den gjeldende teksten og prøv igjen.`,
        );
      }
      const version = basedOnVersion + 1;
      // Two publishers based on the same version collide on the primary key: one wins, one gets 409.
      const row = await trx
        .insertInto('terms_version')
        .values({ version, text_nb: text.nb, text_nn: text.nn })
        .returning(['version', 'published_at', 'text_nb', 'text_nn'])
        .executeTakeFirstOrThrow();
      await recordAdminAction(trx, admin, { action: 'TERMS_PUBLISHED', target: `terms:${version}`, detail: { version } });
      return { ...row, accepted_count: 0 };
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') {
      throw new ApiError(409, 'CONFLICT', 'En annen administrator publiserte en ny versjon samtidig. Last inn og prøv igjen.');
    }
    throw error;
  }
}
