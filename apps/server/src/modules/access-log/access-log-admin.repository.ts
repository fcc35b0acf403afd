import { ACCESS_LOG_LIST_FACILITY_IDS, type AccessLogAction } from '@fast/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { idArray, type RowOf } from '../../db/sql.ts';
import { fullNameOf } from '../users/user-name.ts';

/**
 * The authority's reading of the access log (the register's table, written by recordAccess):
 * who read, downloaded or exported which facilities, when, for which organisation.
 */
export interface AccessLogFilter {
  from?: Date;
  to?: Date;
  action?: AccessLogAction;
  organisationNumber?: string;
  /** Part of the username or full name, case- and accent-insensitive. */
  user?: string;
  facilityId?: number;
}

function filtered(db: Db, filter: AccessLogFilter) {
  let query = db
    .selectFrom('access_log as l')
    .leftJoin('app_user as u', 'u.id', 'l.user_id')
    .leftJoin('organisation as o', 'o.organisation_number', 'l.organisation_number');
  if (filter.from) query = query.where('l.occurred_at', '>=', filter.from);
  if (filter.to) query = query.where('l.occurred_at', '<', filter.to);
  if (filter.action) query = query.where('l.action', '=', filter.action);
  if (filter.organisationNumber) query = query.where('l.organisation_number', '=', filter.organisationNumber);
  if (filter.facilityId !== undefined) {
    // Uses the GIN index on facility_ids ("who has looked at this facility?").
    query = query.where(sql<boolean>`l.facility_ids @> ${idArray([filter.facilityId])}`);
  }
  if (filter.user) {
    const pattern = `%${filter.user.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(
      sql<boolean>`(fast_normalise(coalesce(u.username, '')) like fast_normalise(${pattern})
        or fast_normalise(${fullNameOf('u')}) like fast_normalise(${pattern}))`,
    );
  }
  return query;
}

function rowsOf(db: Db, filter: AccessLogFilter, facilityIdLimit: number | null) {
  return filtered(db, filter)
    .select([
      'l.id',
      'l.occurred_at',
      'l.action',
      'l.user_id',
      'u.username',
      sql<string | null>`case when u.id is null then null else ${fullNameOf('u')} end`.as('user_full_name'),
      'l.organisation_number',
      'o.name as organisation_name',
      sql<number>`cardinality(l.facility_ids)`.as('facility_count'),
      facilityIdLimit === null
        ? sql<number[]>`l.facility_ids`.as('facility_ids')
        : sql<number[]>`l.facility_ids[1:${sql.lit(facilityIdLimit)}]`.as('facility_ids'),
      'l.document_id',
      'l.detail',
    ])
    .$narrowType<{ action: AccessLogAction }>()
    .orderBy('l.occurred_at', 'desc')
    .orderBy('l.id', 'desc');
}

export type AccessLogAdminRow = RowOf<ReturnType<typeof rowsOf>>;

export async function listAccessLog(
  db: Db,
  filter: AccessLogFilter,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: AccessLogAdminRow[] }> {
  const [rows, count] = await Promise.all([
    rowsOf(db, filter, ACCESS_LOG_LIST_FACILITY_IDS).limit(page.limit).offset(page.offset).execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), rows };
}

/** Every matching entry, in batches (keyset on occurred_at, id), so an export never holds the whole log. */
export async function* streamAccessLog(db: Db, filter: AccessLogFilter, batchSize = 2000): AsyncGenerator<AccessLogAdminRow> {
  let after: { occurredAt: Date; id: number } | null = null;
  for (;;) {
    let query = rowsOf(db, filter, null).limit(batchSize);
    if (after) {
      const { occurredAt, id } = after;
      query = query.where(sql<boolean>`(l.occurred_at, l.id) < (${occurredAt}, ${id})`);
    }
    const rows: AccessLogAdminRow[] = await query.execute();
    for (const row of rows) yield row;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { occurredAt: last.occurred_at, id: last.id };
  }
}
