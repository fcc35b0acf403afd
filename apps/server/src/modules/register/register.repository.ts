import Big from 'big.js';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  AccidentTable,
  DocumentTable,
  FacilityTable,
  FacilityUnitTable,
  GasPipelineTable,
  InspectionTable,
  NotificationReportTable,
  StoredSubstanceTable,
} from '../../db/register-tables.ts';
import { insertFromJson } from '../../db/sql.ts';
import type { Database } from '../../db/types.ts';

export interface Catalogue {
  unitTypes: Map<string, { id: number; explosives: boolean }>;
  substances: Map<string, { id: number; groupId: number; explosives: boolean }>;
  /** The highest substance group id: the slots of a facility's group amounts. */
  groupSlots: number;
  municipalities: Set<string>;
}

const EXPLOSIVES_GROUP = 'EKSPLOSIVER';
const EXPLOSIVES_UNIT_TYPES = new Set(['EKSPLOSIVLAGER', 'EKSPLOSIVTILVIRKNING']);

export async function loadCatalogue(db: Db): Promise<Catalogue> {
  const [unitTypes, substances, municipalities, groups] = await Promise.all([
    db.selectFrom('facility_unit_type').select(['id', 'code']).execute(),
    db
      .selectFrom('substance')
      .innerJoin('substance_group', 'substance_group.id', 'substance.group_id')
      .select(['substance.id', 'substance.code', 'substance.group_id', 'substance_group.code as group_code'])
      .execute(),
    db.selectFrom('municipality').select('id').execute(),
    db
      .selectFrom('substance_group')
      .select((eb) => eb.fn.max('id').as('last'))
      .executeTakeFirst(),
  ]);
  return {
    unitTypes: new Map(unitTypes.map((t) => [t.code, { id: t.id, explosives: EXPLOSIVES_UNIT_TYPES.has(t.code) }])),
    substances: new Map(
      substances.map((s) => [s.code, { id: s.id, groupId: s.group_id, explosives: s.group_code === EXPLOSIVES_GROUP }]),
    ),
    municipalities: new Set(municipalities.map((m) => m.id)),
    groupSlots: groups?.last ?? 0,
  };
}

/** A document waiting for its id: `ref` links it to the inspection, notification or accident that owns it. */
export type PendingDocument = Pick<
  DocumentTable,
  'facility_id' | 'kind' | 'title' | 'document_date' | 'size_bytes' | 'sha256'
> & {
  ref: string;
  /** Decoded by the database: bytes bound as a parameter would travel as hex text. */
  content_base64: string;
};

/** Every row of one facility, ready to be written. */
export interface FacilityRows {
  facility: Insertable<FacilityTable>;
  units: Insertable<FacilityUnitTable>[];
  substances: Insertable<StoredSubstanceTable>[];
  /** What the facility stores per substance group (groupAmounts), written with the facility. */
  groupAmounts: GroupAmountColumns;
  documents: PendingDocument[];
  inspections: (Insertable<InspectionTable> & { reportRef: string | null })[];
  notifications: (Insertable<NotificationReportTable> & { receiptRef: string | null })[];
  accidents: (Insertable<AccidentTable> & { reportRef: string | null })[];
}

export async function findFacilityHashes(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('facility').select(['id', 'record_hash']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.record_hash]));
}

export async function findPipelineHashes(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('gas_pipeline').select(['id', 'record_hash']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.record_hash]));
}

/** Accidents' reference numbers and who holds them: those of `references`, or those of `facilityIds`. */
export async function findAccidentReferences(
  db: Db,
  which: { references: readonly string[] } | { facilityIds: readonly number[] },
): Promise<{ reference_number: string; facility_id: number }[]> {
  const query = db.selectFrom('accident').select(['reference_number', 'facility_id']);
  if ('references' in which) {
    return which.references.length === 0 ? [] : query.where('reference_number', 'in', which.references).execute();
  }
  return which.facilityIds.length === 0 ? [] : query.where('facility_id', 'in', which.facilityIds).execute();
}

/** Deletes the accidents that hold `references` for facilities other than `keep` (a dry run's stand-in, rolled back). */
export async function freeAccidentReferences(
  trx: Transaction<Database>,
  references: readonly string[],
  keep: readonly number[],
): Promise<void> {
  if (references.length === 0) return;
  await sql`delete from accident where reference_number = any(${references}::text[])
    and facility_id <> all(${keep}::int[])`.execute(trx);
}

// PostgreSQL allows 65 535 bind parameters per statement.
const MAX_PARAMETERS = 60_000;

function chunks<T extends object>(rows: T[]): T[][] {
  const first = rows[0];
  if (!first) return [];
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(first).length));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const UPDATED_FACILITY_COLUMNS = [
  'name',
  'owner_type',
  'owner_name',
  'organisation_number',
  'client_name',
  'client_organisation_number',
  'client_info',
  'street_address',
  'postal_code',
  'postal_place',
  'municipality_id',
  'longitude',
  'latitude',
  'position_accuracy',
  'major_accident',
  'is_explosives',
  'status',
  'registered_on',
  'updated_on',
  'first_notification_on',
  'primary_unit_type_id',
  'record_hash',
] as const satisfies readonly (keyof Insertable<FacilityTable>)[];

/**
 * Writes facilities and replaces all their children, in the caller's transaction: a facility that
 * exists is updated in place (its id stays), its units, substances, inspections, notifications,
 * accidents and documents are deleted and written anew.
 */
export async function writeFacilities(
  trx: Transaction<Database>,
  batch: FacilityRows[],
  /** The facilities of the batch that may already have children; new ones need no delete. */
  existing: ReadonlySet<number>,
): Promise<void> {
  if (batch.length === 0) return;
  const ids = batch.map((b) => b.facility.id).filter((id) => existing.has(id));
  // Children first; documents last because the others point at them.
  if (ids.length > 0) {
    for (const table of [
      'stored_substance',
      'facility_unit',
      'inspection',
      'notification_report',
      'accident',
      'document',
    ] as const) {
      await trx.deleteFrom(table).where('facility_id', 'in', ids).execute();
    }
  }
  // The search arrays (migration search_filter_arrays) and the group totals (nearby_group_totals)
  // are written with the facility, so that the triggers on its units and substances find them
  // right and rewrite nothing: rewriting every new facility row (and all its index entries) made
  // the import several times slower.
  const facilities = batch.map((b) => ({ ...b.facility, ...searchArrays(b), ...b.groupAmounts }));
  const updates = sql.join(
    [...UPDATED_FACILITY_COLUMNS, ...DENORMALISED_COLUMNS].map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`),
  );
  await sql`${insertFromJson('facility', facilities)} on conflict (id) do update set ${updates}, imported_at = now()`.execute(
    trx,
  );

  const pending = batch.flatMap((b) => b.documents);
  const documentIds = new Map<string, number>();
  if (pending.length > 0) {
    const reserved = await reserveDocumentIds(trx, pending.length);
    pending.forEach((d, i) => {
      documentIds.set(d.ref, reserved[i] as number);
    });
    for (const part of documentChunks(pending)) {
      const rows = part.map(({ ref, ...d }) => ({ ...d, id: documentIds.get(ref) as number }));
      await sql`
        insert into document (id, facility_id, kind, title, document_date, size_bytes, sha256, content)
        select id, facility_id, kind, title, document_date, size_bytes, sha256, decode(content_base64, 'base64')
        from json_to_recordset(${JSON.stringify(rows)}::json) as x(
          id bigint, facility_id integer, kind text, title text, document_date date, size_bytes integer,
          sha256 text, content_base64 text)`.execute(trx);
    }
  }
  const docId = (ref: string | null) => (ref ? (documentIds.get(ref) ?? null) : null);

  const children = [
    insertFromJson(
      'facility_unit',
      batch.flatMap((b) => b.units),
    ),
    insertFromJson(
      'stored_substance',
      batch.flatMap((b) => b.substances),
    ),
    insertFromJson(
      'inspection',
      batch.flatMap((b) => b.inspections.map(({ reportRef, ...r }) => ({ ...r, report_document_id: docId(reportRef) }))),
    ),
    insertFromJson(
      'notification_report',
      batch.flatMap((b) => b.notifications.map(({ receiptRef, ...r }) => ({ ...r, receipt_document_id: docId(receiptRef) }))),
    ),
    insertFromJson(
      'accident',
      batch.flatMap((b) => b.accidents.map(({ reportRef, ...r }) => ({ ...r, report_document_id: docId(reportRef) }))),
    ),
  ];
  for (const statement of children) if (statement) await statement.execute(trx);
}

const DENORMALISED_COLUMNS = [
  'unit_type_ids',
  'substance_ids',
  'group_cubic_metres',
  'group_tonnes',
] as const satisfies readonly (keyof FacilityTable)[];

export interface GroupAmountColumns {
  group_cubic_metres: (number | null)[];
  group_tonnes: (number | null)[];
}

/**
 * What fast_refresh_substances would compute (migration nearby_group_totals), to the bit: one slot
 * per substance group id 1…`groups`, the volumes in m³ and masses in tonnes (litres and kilograms
 * / 1000) summed as exact decimals and rounded once to a double (a float sum such as 0.1 + 0.2
 * would differ in the last bit and make the trigger rewrite the row); NULL for a group the
 * facility does not store, empty arrays for no substances.
 */
export function groupAmounts(
  substances: readonly { group: number; quantity: number; unit: string }[],
  groups: number,
): GroupAmountColumns {
  if (substances.length === 0) return { group_cubic_metres: [], group_tonnes: [] };
  const cubicMetres: (Big | null)[] = Array.from({ length: groups }, () => null);
  const tonnes: (Big | null)[] = Array.from({ length: groups }, () => null);
  for (const { group, quantity, unit } of substances) {
    const amount = new Big(quantity);
    const slot = group - 1;
    cubicMetres[slot] = (cubicMetres[slot] ?? new Big(0)).plus(unit === 'm3' ? amount : unit === 'liter' ? amount.div(1000) : 0);
    tonnes[slot] = (tonnes[slot] ?? new Big(0)).plus(unit === 'tonn' ? amount : unit === 'kg' ? amount.div(1000) : 0);
  }
  const double = (sum: Big | null) => (sum === null ? null : sum.toNumber());
  return { group_cubic_metres: cubicMetres.map(double), group_tonnes: tonnes.map(double) };
}

/** What the triggers would compute: unit types in unit order, the distinct substances. */
function searchArrays(rows: FacilityRows): { unit_type_ids: number[]; substance_ids: number[] } {
  const units = rows.units.toSorted((a, b) => a.position - b.position).map((u) => u.unit_type_id);
  const substances = [...new Set(rows.substances.map((s) => s.substance_id))].sort((a, b) => a - b);
  return { unit_type_ids: units, substance_ids: substances };
}

// Documents can be megabytes each: a statement carries at most about 8 MB of them.
const MAX_DOCUMENT_CHARS = 8 * 1024 * 1024;

function documentChunks(documents: PendingDocument[]): PendingDocument[][] {
  const out: PendingDocument[][] = [];
  let current: PendingDocument[] = [];
  let size = 0;
  for (const d of documents) {
    if (current.length > 0 && size + d.content_base64.length > MAX_DOCUMENT_CHARS) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(d);
    size += d.content_base64.length;
  }
  if (current.length > 0) out.push(current);
  return out;
}

async function reserveDocumentIds(trx: Transaction<Database>, count: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select nextval(pg_get_serial_sequence('document', 'id'))::int8 as id from generate_series(1, ${count})`.execute(trx);
  return rows.map((r) => Number(r.id));
}

export async function writePipelines(trx: Transaction<Database>, rows: Insertable<GasPipelineTable>[]): Promise<void> {
  for (const part of chunks(rows)) {
    await trx
      .insertInto('gas_pipeline')
      .values(part)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          owner: eb.ref('excluded.owner'),
          pressure_class: eb.ref('excluded.pressure_class'),
          mop_bar: eb.ref('excluded.mop_bar'),
          material: eb.ref('excluded.material'),
          diameter_mm: eb.ref('excluded.diameter_mm'),
          year_built: eb.ref('excluded.year_built'),
          substance: eb.ref('excluded.substance'),
          geometry: eb.ref('excluded.geometry'),
          record_hash: eb.ref('excluded.record_hash'),
          imported_at: sql`now()`,
        })),
      )
      .execute();
  }
}

/** Whether the register has any facility; cheaper than a count on a large table. */
export async function hasFacilities(db: Db): Promise<boolean> {
  const row = await db.selectFrom('facility').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Fresh planner statistics and visibility maps for the register's tables after an import changed
 * them. PGlite has no autovacuum daemon, so without this its planner would plan every search and
 * nearby query on the defaults of empty tables (a sequential scan where the index is meant to
 * answer), and no page would be marked all-visible: index-only scans (a deep page's ids, counts
 * over a bitmap) would read every row from the table. On PostgreSQL autovacuum would get there
 * later; this makes the import's result fast at once. 0.4 s on PGlite for 112 500 new facilities.
 * One statement per table and step: on PGlite each holds the one session, and readers (and the
 * readiness probe's turn on the database thread) get in between; the longest, the facility
 * table's analyze, takes about 1 s for 18 000 facilities.
 */
export async function refreshRegisterStatistics(db: Db): Promise<void> {
  for (const table of ['facility', 'facility_tally', 'facility_unit', 'stored_substance', 'gas_pipeline']) {
    await sql`vacuum ${sql.table(table)}`.execute(db);
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
}

/**
 * Runs `write` as a savepoint of the transaction `trx`: all of it or, when it fails, nothing of it
 * (rolled back to the savepoint, and the error thrown on), while the transaction goes on.
 */
export async function inSavepoint(
  trx: Transaction<Database>,
  write: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  await sql`savepoint import_unit`.execute(trx);
  try {
    await write(trx);
  } catch (error) {
    await sql`rollback to savepoint import_unit`.execute(trx);
    await sql`release savepoint import_unit`.execute(trx);
    throw error;
  }
  await sql`release savepoint import_unit`.execute(trx);
}
