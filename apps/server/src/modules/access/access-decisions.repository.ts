import type { MunicipalityAccessStatus } from '@fast/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { RowOf } from '../../db/sql.ts';
import { ApiError, notFound } from '../../errors.ts';
import { type Admin, recordAdminActions } from '../admin/admin-audit.repository.ts';
import { fullNameOf } from '../users/user-name.ts';

export interface AccessFilter {
  status: MunicipalityAccessStatus;
  countyId?: string;
  municipalityCode?: string;
  organisationNumber?: string;
  userId?: string;
  minAgeDays?: number;
  limit: number;
  offset: number;
}

function accessEntries(db: Db) {
  return db
    .selectFrom('municipality_access as a')
    .innerJoin('app_user as u', 'u.id', 'a.user_id')
    .innerJoin('organisation as o', 'o.organisation_number', 'a.organisation_number')
    .innerJoin('municipality as m', 'm.id', 'a.municipality_id')
    .innerJoin('county as c', 'c.id', 'm.county_id')
    .leftJoin('app_user as d', 'd.id', 'a.decided_by');
}

/** The columns an administrator sees of an access entry: who, for which organisation and municipality, decided by whom. */
function withColumns(query: ReturnType<typeof accessEntries>) {
  return query.select([
    'a.id',
    'a.status',
    'a.given',
    'a.user_id',
    'u.username',
    'a.organisation_number',
    'o.name as organisation_name',
    'a.municipality_id',
    'm.display_name as municipality_name',
    'm.county_id',
    'c.name as county_name',
    'a.requested_at',
    'a.decided_at',
    'a.deny_reason',
    fullNameOf('u').as('user_full_name'),
    fullNameOf('d').as('decided_by_name'),
  ]);
}

export type AdminAccessRow = RowOf<ReturnType<typeof withColumns>>;

function withFilter(db: Db, filter: Omit<AccessFilter, 'limit' | 'offset'>) {
  let query = accessEntries(db).where('a.status', '=', filter.status);
  if (filter.countyId) query = query.where('m.county_id', '=', filter.countyId);
  if (filter.municipalityCode) query = query.where('a.municipality_id', '=', filter.municipalityCode);
  if (filter.organisationNumber) query = query.where('a.organisation_number', '=', filter.organisationNumber);
  if (filter.userId) query = query.where('a.user_id', '=', filter.userId);
  if (filter.minAgeDays !== undefined && filter.minAgeDays > 0) {
    query = query.where('a.requested_at', '<=', sql<Date>`now() - make_interval(days => ${filter.minAgeDays})`);
  }
  return query;
}

/** One page of access entries in a status; pending ones oldest first (the queue), others newest decision first. */
export async function listAccessEntries(db: Db, filter: AccessFilter): Promise<{ total: number; rows: AdminAccessRow[] }> {
  const base = withFilter(db, filter);
  const ordered =
    filter.status === 'PENDING'
      ? base.orderBy('a.requested_at', 'asc')
      : base.orderBy(sql`coalesce(a.decided_at, a.requested_at)`, 'desc');
  const [rows, count] = await Promise.all([
    withColumns(ordered).orderBy('a.id').limit(filter.limit).offset(filter.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), rows };
}

function entriesById(db: Db, ids: number[]): Promise<AdminAccessRow[]> {
  return withColumns(accessEntries(db)).where('a.id', 'in', ids).orderBy('a.id').execute();
}

export type Decision = 'APPROVE' | 'DENY' | 'REVOKE';

const REQUIRED_STATUS: Record<Decision, MunicipalityAccessStatus> = { APPROVE: 'PENDING', DENY: 'PENDING', REVOKE: 'ACTIVE' };
const AUDIT_ACTION = { APPROVE: 'ACCESS_APPROVED', DENY: 'ACCESS_DENIED', REVOKE: 'ACCESS_REVOKED' } as const;
const STATUS_TEXT: Record<MunicipalityAccessStatus, string> = {
  ACTIVE: 'godkjent',
  PENDING: 'venter på behandling',
  DENIED: 'avslått',
  REVOKED: 'trukket tilbake',
};

/**
 * Applies one decision to every entry or to none. The rows are locked in id order first, so two
 * administrators deciding the same entries at once are serialised without deadlock: the second
 * sees the first one's decision and gets 409 CONFLICT, never a lost or double decision.
 */
export async function decideAccess(
  db: Db,
  admin: Admin,
  decision: Decision,
  ids: number[],
  reason: string | null,
): Promise<AdminAccessRow[]> {
  await db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('municipality_access')
      .select(['id', 'status', 'user_id', 'organisation_number', 'municipality_id'])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
    const found = new Set(locked.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw notFound(`Fant ingen tilgang med id ${missing.join(', ')}.`);
    const required = REQUIRED_STATUS[decision];
    const wrong = locked.filter((r) => r.status !== required);
    if (wrong.length > 0) {
      const list = wrong.map((r) => `${r.id} (${STATUS_TEXT[r.status]})`).join(', ');
      throw new ApiError(
        409,
        'CONFLICT',
        decision === 'REVOKE'
          ? `Bare aktive tilganger kan trekkes tilbake. Ikke aktive: ${list}.`
          : `Forespørselen er allerede behandlet: ${list}.`,
      );
    }
    await trx
      .updateTable('municipality_access')
      .set({
        given: decision === 'APPROVE',
        rejection: decision === 'APPROVE' ? null : decision === 'DENY' ? 'DENIED' : 'REVOKED',
        deny_reason: decision === 'APPROVE' ? null : reason,
        decided_at: sql`now()`,
        decided_by: admin.id,
      })
      .where('id', 'in', ids)
      .execute();
    await recordAdminActions(
      trx,
      admin,
      locked.map((row) => ({
        action: AUDIT_ACTION[decision],
        target: `municipality-access:${row.id}`,
        detail: {
          userId: row.user_id,
          organisationNumber: row.organisation_number,
          municipalityCode: row.municipality_id,
          ...(reason ? { reason } : {}),
        },
      })),
    );
  });
  return entriesById(db, ids);
}
