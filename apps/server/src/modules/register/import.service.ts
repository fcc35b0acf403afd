import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { ImportDocument, ImportFacilityRecord, ImportGasPipelineRecord, ImportReason } from '@fast/contracts';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { loadMunicipalityGeometry } from '../reference/municipality-geometry.ts';
import { loadPostalCodes } from '../reference/postal-codes.ts';
import { describeReason, reason } from './import-reasons.ts';
import { type Validated, type ValidationContext, validateRecord } from './import-validation.ts';
import { assertReadable, type RecordSource, readRecords } from './record-reader.ts';
import { ReferenceLedger } from './reference-ledger.ts';
import {
  type Catalogue,
  type FacilityRows,
  findFacilityHashes,
  findPipelineHashes,
  groupAmounts,
  inSavepoint,
  loadCatalogue,
  type PendingDocument,
  refreshRegisterStatistics,
  writeFacilities,
  writePipelines,
} from './register.repository.ts';

export interface ImportProgress {
  read: number;
  bytesRead: number;
  totalBytes: number | null;
}

export interface ImportOptions {
  /** Validate everything, write nothing. */
  dryRun?: boolean;
  /** Write nothing if any record is invalid: every write in one transaction (the source is read twice). */
  strict?: boolean;
  /** Records per transaction. A failing batch is retried record by record. */
  batchSize?: number;
  /**
   * Keep each batch's transaction about this short (milliseconds), with fewer records per batch
   * than batchSize where they are slow to write: on a database of one session (PGlite) every
   * reader waits while a transaction runs. Unset: batches of batchSize.
   */
  maxUnitMs?: number;
  onProgress?: (progress: ImportProgress) => void;
  /** The ids of the facilities a batch wrote, once they are committed (for a strict import: at its end). */
  onWritten?: (facilityIds: readonly number[]) => void;
  /**
   * Called in the transaction that writes a batch's facilities, with their ids: what it writes is
   * committed or rolled back with them (the access log's entry of who wrote them).
   */
  recordWritten?: (trx: Transaction<Database>, facilityIds: readonly number[]) => Promise<void>;
  /** 'YYYY-MM-DD'; later dates are refused. Defaults to today (Europe/Oslo). */
  today?: string;
  /** Vacuum and analyze the register's tables after a write (default true); false where the caller does (withIndexesDeferred). */
  refreshStatistics?: boolean;
}

export interface ImportProblem {
  line: number;
  /** The record's id: an integer, a pipeline's code, or the id's own text when it is no usable integer (1.5, 1e400). */
  id: number | string | null;
  reasons: ImportReason[];
}

export interface ImportSummary {
  read: number;
  /** Records that were new or changed (with --dry-run: that would have been written). */
  written: number;
  unchanged: number;
  invalid: number;
  /** Records with at least one warning (they are written all the same). */
  warnings: number;
  /** The first problems, in file order (capped; the counts above are complete). */
  invalidRecords: ImportProblem[];
  warningRecords: ImportProblem[];
  dryRun: boolean;
  strict: boolean;
  /** Strict mode found invalid records and wrote nothing. */
  aborted: boolean;
  durationMs: number;
}

const DEFAULT_BATCH = 200;
/** The fewest records per batch when batches are kept short (maxUnitMs), and the first batch's size then. */
const MIN_SHORT_BATCH = 5;
const FIRST_SHORT_BATCH = 20;
// Documents make records heavy; a batch also ends once it holds this much base64.
const MAX_BATCH_CHARS = 16 * 1024 * 1024;
const MAX_LISTED_PROBLEMS = 1000;

/**
 * Whether the database refused the data (PostgreSQL's classes 22, data exception, and 23, integrity
 * constraint: a value it cannot take, a reference number another facility has): the record is
 * invalid. Anything else (a lost connection, a stopped database) is no verdict on the record and
 * fails the import, which a later run completes.
 */
function refusedData(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}

function osloToday(): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(new Date());
}

type Trx = Transaction<Database>;

/**
 * How a batch's writes become final (or do not): each unit (a batch, or one record when the
 * database refused the batch) in a transaction of its own; as a savepoint of a strict import's one
 * transaction; or rolled back at its end (a dry run, where the database still judges every record).
 */
interface Writes {
  /** Where the batch's reads go: the strict import's transaction, or the database. */
  db: Db;
  /** Runs `write` as one unit: all of it or nothing of it. */
  unit(write: (trx: Trx) => Promise<void>): Promise<void>;
  /** False for a dry run: every unit is rolled back. */
  keeps: boolean;
  /** Facilities whose unit has been written (for strict: kept in its transaction so far). */
  written(ids: readonly number[]): void;
}

const ownTransactions = (db: Db, onWritten: ImportOptions['onWritten']): Writes => ({
  db,
  unit: (write) => db.transaction().execute(write),
  keeps: true,
  written: (ids) => onWritten?.(ids),
});

function savepoints(trx: Trx, written: number[]): Writes {
  return {
    db: trx,
    unit: (write) => inSavepoint(trx, write),
    keeps: true,
    written: (ids) => {
      written.push(...ids);
    },
  };
}

const ROLLBACK = Symbol('dry run: roll back');

function rolledBack(db: Db): Writes {
  return {
    db,
    async unit(write) {
      try {
        await db.transaction().execute(async (trx) => {
          await write(trx);
          throw ROLLBACK;
        });
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
    },
    keeps: false,
    written: () => {},
  };
}

/** A strict import's write found a record the database refused: everything is rolled back. */
class StrictAbort extends Error {
  readonly counts: Counts;
  constructor(counts: Counts) {
    super('strict import: a record was refused');
    this.counts = counts;
  }
}

/**
 * Imports an NDJSON or GeoJSON file (see docs/import.md). A file that cannot be read through
 * (ImportFileError) is refused before anything is written.
 */
export async function importFile(db: Db, path: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const totalBytes = (await stat(path)).size;
  await assertReadable(path);
  return importRecords(db, () => readRecords(path), { ...options }, totalBytes);
}

/**
 * Imports records from a source that can be opened more than once (strict mode reads it twice).
 * Valid records are upserted by id in batches, each batch in one transaction, so a record is
 * never half written and a killed import leaves only whole records behind. A dry run writes each
 * batch and rolls it back, so that what only the database can refuse is found as well. A strict
 * import is such a dry run, then (if it found nothing) every write in one transaction: all of it
 * or none of it, whatever fails on the way.
 */
export async function importRecords(
  db: Db,
  open: () => RecordSource,
  options: ImportOptions = {},
  totalBytes: number | null = null,
): Promise<ImportSummary> {
  const started = performance.now();
  const dryRun = options.dryRun ?? false;
  const strict = options.strict ?? false;
  const [catalogue, geometry, postalCodes] = await Promise.all([
    loadCatalogue(db),
    loadMunicipalityGeometry(),
    loadPostalCodes(),
  ]);
  const ctx: ValidationContext = { catalogue, geometry, postalCodes, today: options.today ?? osloToday() };
  const finish = (counts: Counts, aborted = false): ImportSummary => ({
    ...counts,
    ...(aborted ? { written: 0, unchanged: 0 } : {}),
    dryRun,
    strict,
    aborted,
    durationMs: performance.now() - started,
  });

  if (dryRun || !strict) {
    const writes = dryRun ? rolledBack(db) : ownTransactions(db, options.onWritten);
    const result = await run(writes, open(), ctx, options, totalBytes, dryRun ? new ReferenceLedger() : null);
    if (!dryRun && result.written > 0 && options.refreshStatistics !== false) await refreshRegisterStatistics(db);
    return finish(result);
  }

  const check = await run(rolledBack(db), open(), ctx, options, totalBytes, new ReferenceLedger());
  if (check.invalid > 0) return finish(check, true);
  // Every write in one transaction. On PGlite it holds the embedded database until it ends:
  // readers wait for it (docs/import.md, "Writing").
  const written: number[] = [];
  let result: Counts;
  try {
    result = await db.transaction().execute(async (trx) => {
      const counts = await run(savepoints(trx, written), open(), ctx, options, totalBytes, null);
      if (counts.invalid > 0) throw new StrictAbort(counts);
      return counts;
    });
  } catch (error) {
    if (error instanceof StrictAbort) return finish(error.counts, true);
    throw error;
  }
  if (written.length > 0) options.onWritten?.(written);
  if (result.written > 0 && options.refreshStatistics !== false) await refreshRegisterStatistics(db);
  return finish(result);
}

type Counts = Omit<ImportSummary, 'dryRun' | 'strict' | 'aborted' | 'durationMs'>;

async function run(
  writes: Writes,
  source: RecordSource,
  ctx: ValidationContext,
  options: ImportOptions,
  totalBytes: number | null,
  ledger: ReferenceLedger | null,
): Promise<Counts> {
  const counts: Counts = { read: 0, written: 0, unchanged: 0, invalid: 0, warnings: 0, invalidRecords: [], warningRecords: [] };
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  // Kept short, a batch holds as many records as took about maxUnitMs the batch before (smoothed).
  const { maxUnitMs } = options;
  let limit = maxUnitMs ? Math.min(batchSize, FIRST_SHORT_BATCH) : batchSize;
  const addInvalid = (problem: ImportProblem) => {
    counts.invalid++;
    if (counts.invalidRecords.length < MAX_LISTED_PROBLEMS) counts.invalidRecords.push(problem);
  };
  let facilities: Extract<Validated, { kind: 'facility' }>[] = [];
  let pipelines: Extract<Validated, { kind: 'gasPipeline' }>[] = [];
  let batchChars = 0;

  const flush = async () => {
    const f = facilities;
    const p = pipelines;
    facilities = [];
    pipelines = [];
    batchChars = 0;
    const started = performance.now();
    await flushFacilities(writes, f, ctx.catalogue, options, ledger, counts, addInvalid);
    await flushPipelines(writes, p, counts, addInvalid);
    const records = f.length + p.length;
    if (maxUnitMs && records > 0) {
      const fits = maxUnitMs / Math.max(0.01, (performance.now() - started) / records);
      limit = Math.round(Math.max(MIN_SHORT_BATCH, Math.min(batchSize, (limit + fits) / 2)));
    }
    options.onProgress?.({ read: counts.read, bytesRead: source.bytesRead(), totalBytes });
  };

  for await (const raw of source.records) {
    counts.read++;
    const result = validateRecord(raw, ctx);
    if (result.warnings.length > 0) {
      counts.warnings++;
      if (counts.warningRecords.length < MAX_LISTED_PROBLEMS) {
        counts.warningRecords.push({ line: raw.line, id: resultId(result), reasons: result.warnings });
      }
    }
    if (result.kind === 'invalid') {
      addInvalid({ line: result.line, id: result.id, reasons: result.errors });
      continue;
    }
    if (result.kind === 'facility') facilities.push(result);
    else pipelines.push(result);
    batchChars += raw.text.length;
    if (facilities.length + pipelines.length >= limit || batchChars >= MAX_BATCH_CHARS) await flush();
  }
  await flush();
  return counts;
}

const resultId = (v: Validated) => v.id;

const sha256 = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');

interface Pending {
  line: number;
  rows: FacilityRows;
  /** Its accidents' reference numbers (for a dry run's ledger). */
  references: string[];
  id: number;
}

async function flushFacilities(
  writes: Writes,
  batch: Extract<Validated, { kind: 'facility' }>[],
  catalogue: Catalogue,
  { recordWritten }: ImportOptions,
  ledger: ReferenceLedger | null,
  counts: Counts,
  addInvalid: (p: ImportProblem) => void,
): Promise<void> {
  if (batch.length === 0) return;
  // The same id twice in one batch: the later record wins, as it would one batch later.
  const latest = new Map<number, Pending>();
  for (const v of batch) {
    latest.set(v.id, {
      line: v.line,
      id: v.id,
      rows: toRows(v.record, catalogue, sha256(JSON.stringify(v.record))),
      references: v.record.accidents.map((a) => a.referenceNumber),
    });
  }
  const existing = await findFacilityHashes(writes.db, [...latest.keys()]);
  const changed: Pending[] = [];
  for (const entry of latest.values()) {
    if (existing.get(entry.id) === entry.rows.facility.record_hash) counts.unchanged++;
    else changed.push(entry);
  }
  // An id repeated within the batch: its earlier versions count as written and overwritten.
  counts.written += batch.length - latest.size;
  if (changed.length === 0) return;
  await ledger?.prepare(writes.db, changed);

  const write = (entries: Pending[], known: ReadonlySet<number>) =>
    writes.unit(async (trx) => {
      await ledger?.stage(trx, entries);
      await writeFacilities(
        trx,
        entries.map((e) => e.rows),
        known,
      );
      if (writes.keeps) {
        await recordWritten?.(
          trx,
          entries.map((e) => e.id),
        );
      }
    });
  const accept = (entries: Pending[]) => {
    counts.written += entries.length;
    ledger?.accept(entries);
    writes.written(entries.map((e) => e.id));
  };

  const whole = new Set(changed.map((e) => e.id));
  // A batch that the ledger already knows the database would refuse goes record by record, as the refused batch would.
  if (!changed.some((e) => ledger?.conflict(e, whole))) {
    try {
      await write(changed, new Set(existing.keys()));
      accept(changed);
      return;
    } catch (error) {
      if (!refusedData(error)) throw error;
    }
  }
  // Something only the database could see (a reference number used by another facility, ...):
  // find the record by writing them one by one, each in its own transaction.
  for (const entry of changed) {
    const refused = (detail: string) =>
      addInvalid({ line: entry.line, id: entry.id, reasons: [reason('databaseRefused', { detail })] });
    // Here the children are always cleared: the facility may have appeared since the hash lookup.
    const own = new Set([entry.id]);
    const conflict = ledger?.conflict(entry, own);
    if (conflict) {
      refused(conflict);
      continue;
    }
    try {
      await write([entry], own);
      accept([entry]);
    } catch (error) {
      if (!refusedData(error)) throw error;
      refused((error as Error).message);
    }
  }
}

async function flushPipelines(
  writes: Writes,
  batch: Extract<Validated, { kind: 'gasPipeline' }>[],
  counts: Counts,
  addInvalid: (p: ImportProblem) => void,
): Promise<void> {
  if (batch.length === 0) return;
  const latest = new Map<string, { line: number; record: ImportGasPipelineRecord; hash: string }>();
  for (const v of batch) latest.set(v.id, { line: v.line, record: v.record, hash: sha256(JSON.stringify(v.record)) });
  const existing = await findPipelineHashes(writes.db, [...latest.keys()]);
  const changed = [...latest.values()].filter((e) => existing.get(e.record.id) !== e.hash);
  counts.unchanged += batch.length - changed.length;
  if (changed.length === 0) return;
  const rows = changed.map(({ record: r, hash }) => ({
    id: r.id,
    name: r.name,
    owner: r.owner,
    pressure_class: r.pressureClass,
    mop_bar: r.mopBar,
    material: r.material,
    diameter_mm: r.diameterMm,
    year_built: r.yearBuilt,
    substance: r.substance,
    geometry: JSON.stringify(r.geometry),
    record_hash: hash,
  }));
  try {
    await writes.unit((trx) => writePipelines(trx, rows));
    counts.written += rows.length;
  } catch (error) {
    if (!refusedData(error)) throw error;
    for (const entry of changed) {
      addInvalid({
        line: entry.line,
        id: entry.record.id,
        reasons: [reason('databaseRefused', { detail: (error as Error).message })],
      });
    }
  }
}

function pendingDocument(
  facilityId: number,
  ref: string,
  kind: string,
  doc: ImportDocument | null | undefined,
): PendingDocument | null {
  if (!doc) return null;
  const content = Buffer.from(doc.contentBase64, 'base64');
  return {
    ref: `${facilityId}:${ref}`,
    facility_id: facilityId,
    kind,
    title: doc.title,
    document_date: doc.date,
    size_bytes: content.byteLength,
    sha256: sha256(content),
    content_base64: doc.contentBase64,
  };
}

/** One validated record → the rows of its facility. */
function toRows(r: ImportFacilityRecord, catalogue: Catalogue, hash: string): FacilityRows {
  const unitTypeId = (code: string) => catalogue.unitTypes.get(code)?.id as number;
  const substanceId = (code: string) => catalogue.substances.get(code)?.id as number;
  const groupId = (code: string) => catalogue.substances.get(code)?.groupId as number;
  const documents: PendingDocument[] = [];
  const addDocument = (ref: string, kind: string, doc: ImportDocument | null | undefined) => {
    const pending = pendingDocument(r.id, ref, kind, doc);
    if (!pending) return null;
    documents.push(pending);
    return pending.ref;
  };
  // The newest notification is the active one; on equal dates the later in the record.
  let active = -1;
  r.notifications.forEach((n, i) => {
    const current = r.notifications[active];
    if (!current || n.submittedOn >= current.submittedOn) active = i;
  });
  const firstUnit = r.units[0];
  return {
    facility: {
      id: r.id,
      name: r.name ?? null,
      owner_type: r.ownerType,
      owner_name: r.owner.name,
      organisation_number: r.owner.organisationNumber ?? null,
      client_name: r.client?.name ?? null,
      client_organisation_number: r.client?.organisationNumber ?? null,
      client_info: r.client?.info ?? null,
      street_address: r.address.street ?? null,
      postal_code: r.address.postalCode,
      postal_place: r.address.postalPlace ?? null,
      municipality_id: r.address.municipalityId,
      longitude: r.position?.longitude ?? null,
      latitude: r.position?.latitude ?? null,
      position_accuracy: r.positionAccuracy,
      major_accident: r.majorAccident,
      is_explosives: r.explosives,
      status: r.status,
      registered_on: r.registeredOn,
      updated_on: r.updatedOn,
      first_notification_on: r.firstSubstanceNotificationOn,
      primary_unit_type_id: unitTypeId(firstUnit?.type ?? ''),
      record_hash: hash,
    },
    units: r.units.map((u, position) => ({
      facility_id: r.id,
      position,
      unit_type_id: unitTypeId(u.type),
      name: u.name ?? null,
    })),
    substances: r.units.flatMap((u, unitPosition) =>
      u.substances.map((s, position) => ({
        facility_id: r.id,
        unit_position: unitPosition,
        position,
        substance_id: substanceId(s.substance),
        quantity: s.quantity,
        unit: s.unit,
        hazard_division: s.hazardDivision ?? null,
      })),
    ),
    groupAmounts: groupAmounts(
      r.units.flatMap((u) => u.substances.map((s) => ({ ...s, group: groupId(s.substance) }))),
      catalogue.groupSlots,
    ),
    inspections: r.inspections.map((x, position) => ({
      facility_id: r.id,
      position,
      year: x.year,
      type: x.type,
      authority: x.authority,
      status: x.status,
      contact_person: x.contactPerson ?? null,
      case_number: x.caseNumber ?? null,
      inspected_on: x.inspectedOn ?? null,
      deviations: x.deviations,
      remarks: x.remarks,
      reaction: x.reaction,
      reportRef: addDocument(`i${position}`, 'INSPECTION_REPORT', x.report),
    })),
    notifications: r.notifications.map((n, position) => ({
      facility_id: r.id,
      position,
      submitted_on: n.submittedOn,
      submitted_by: n.submittedBy,
      is_active: position === active,
      receiptRef: addDocument(`n${position}`, 'NOTIFICATION_RECEIPT', n.receipt),
    })),
    accidents: r.accidents.map((a, position) => ({
      facility_id: r.id,
      position,
      reference_number: a.referenceNumber,
      occurred_on: a.occurredOn,
      reporter: a.reporter,
      source: a.source,
      type: a.type,
      cause: a.cause,
      substance_id: a.substance ? substanceId(a.substance) : null,
      quantity_released: a.quantityReleased ?? null,
      quantity_unit: a.quantityUnit ?? null,
      injured: a.injured,
      dead: a.dead,
      reportRef: addDocument(`a${position}`, 'ACCIDENT_REPORT', a.report),
    })),
    documents,
  };
}

/** The import's closing report: the problems by line, then the counts. */
export function formatSummary(s: ImportSummary): string {
  const lines: string[] = [];
  const describe = (p: ImportProblem) =>
    `  line ${p.line}${p.id !== null ? `, facility ${p.id}` : ''}: ${p.reasons.map(describeReason).join('; ')}`;
  if (s.invalidRecords.length > 0) {
    lines.push(
      `Invalid records (not written)${s.invalid > s.invalidRecords.length ? `, the first ${s.invalidRecords.length}` : ''}:`,
    );
    lines.push(...s.invalidRecords.map(describe));
  }
  if (s.warningRecords.length > 0) {
    const shown = s.warningRecords.slice(0, 50);
    lines.push(`Warnings (written all the same)${s.warnings > shown.length ? `, the first ${shown.length}` : ''}:`);
    lines.push(...shown.map(describe));
  }
  if (s.aborted) lines.push('--strict: invalid records found, nothing was written.');
  if (s.dryRun) lines.push('--dry-run: nothing was written; "written" counts what would have been.');
  lines.push(
    `read ${s.read}, written ${s.written}, unchanged ${s.unchanged}, invalid ${s.invalid}, warnings ${s.warnings}, duration ${(s.durationMs / 1000).toFixed(1)} s`,
  );
  return lines.join('\n');
}
