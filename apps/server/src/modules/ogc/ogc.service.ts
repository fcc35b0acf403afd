import type { OgcCollectionId, OgcFacilityFeature, OgcGasPipelineFeature } from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { type SearchReference, searchReference } from '../catalogue/search-reference.ts';
import { hazardDistancesOf } from '../facility/facility-hazard-distances.ts';
import type { SubstanceTotal } from '../facility/facility-rows.repository.ts';
import type { Scope } from '../identity/identity.ts';
import {
  pipelineMeets,
  presentFacilityFeature,
  presentGasPipelineFeature,
  presentStored,
  type StoredProperties,
} from './ogc.presenter.ts';
import {
  type FeedRow,
  type FeedRows,
  findFeedFacility,
  findFeedKeys,
  findFeedRows,
  findFeedVersion,
  findGasPipelines,
  findGasPipelineVersion,
  type GasPipelineFeedRow,
} from './ogc.repository.ts';
import { boxContains, projection } from './ogc-crs.ts';
import { facilityKey, type ItemsRequest } from './ogc-query.ts';

type Feature = OgcFacilityFeature | OgcGasPipelineFeature;

/**
 * Facilities read per statement while a page is written. A page of 10 000 read at once was one
 * ~4 MB JSON text, its 10 000 arrays and its features alive together until the last byte was
 * written: the server's peak grew with the pages it served (PGlite: 265 → 338 MB for one page,
 * → 461 MB for ten). At 500 rows (~130 kB of JSON) a chunk dies young, as the exports' do
 * (EXPORT_CHUNK_ROWS), and the next chunk is read while this one is written; 250 rows measured
 * no flatter.
 */
export const FEED_CHUNK_ROWS = 500;

/**
 * A page of items: what its head and the access log need, known before the first byte, and its
 * features a chunk at a time, read and presented as the answer is written.
 */
export interface FeaturePage {
  count: number;
  /** The features in order, each presented as it is written; to be read once. */
  chunks: AsyncIterable<Iterable<Feature>> | Iterable<Iterable<Feature>>;
  /** The facilities the page reveals, for the access log; null for a collection without facilities. */
  facilityIds: number[] | null;
  /** Every item the filter matches; null where not known exactly (a box in a projected CRS). */
  numberMatched: number | null;
  /** The keyset of the next and the previous page, null where there is none. */
  next: string | null;
  prev: string | null;
}

/** Each of `rows` presented when asked for: the features of a chunk never live together. */
function* presented<R>(rows: readonly R[], present: (row: R, index: number) => Feature): Generator<Feature> {
  for (let i = 0; i < rows.length; i++) yield present(rows[i] as R, i);
}

/**
 * `read` applied to `items` in chunks of `size`, in order, the next chunk read while the current
 * one is consumed. The first is read before this returns, so that a failing database still
 * answers with an error body, not a cut answer.
 */
async function readAhead<T, R>(
  items: readonly T[],
  size: number,
  read: (chunk: readonly T[]) => Promise<R>,
): Promise<AsyncIterable<R>> {
  const readAt = (start: number) => {
    const reading = read(items.slice(start, start + size));
    // Awaited only after the chunk before is written: a failure meanwhile must not count as
    // unhandled, which would end the process.
    reading.catch(() => {});
    return reading;
  };
  let next = items.length > 0 ? readAt(0) : null;
  if (next) await next;
  async function* chunks(): AsyncGenerator<R> {
    for (let start = 0; next !== null; start += size) {
      const chunk = await next;
      next = start + size < items.length ? readAt(start + size) : null;
      yield chunk;
    }
  }
  return chunks();
}

/**
 * The stored properties of each of `rows`, made once per distinct list of substances in `lists`
 * (kept for the page): of 10 000 facilities the benchmark's register stores 4 158 lists, and a
 * list's largest distances were the largest piece of presenting a page.
 */
async function storedProperties(
  db: Db,
  reference: SearchReference,
  rows: readonly FeedRow[],
  totals: FeedRows['totals'],
  lists: Map<string, StoredProperties>,
): Promise<StoredProperties[]> {
  // Each facility's list and its key, in the order listed (the order is part of the key, as
  // hazardDistancesOf keys its lists: of two substances with one UN number, the first is named).
  const byFacility = new Map<number, { list: SubstanceTotal[]; key: string }>();
  for (const [facilityId, substanceId, unit, quantity] of totals) {
    const stored = byFacility.get(facilityId);
    const key = `${substanceId},${unit},${quantity};`;
    if (stored) {
      stored.list.push([substanceId, unit, quantity]);
      stored.key += key;
    } else byFacility.set(facilityId, { list: [[substanceId, unit, quantity]], key });
  }
  const keys = rows.map(([id]) => byFacility.get(id)?.key ?? '');
  const unknown = new Map<string, SubstanceTotal[]>();
  rows.forEach(([id], i) => {
    const key = keys[i] as string;
    if (!lists.has(key) && !unknown.has(key)) unknown.set(key, byFacility.get(id)?.list ?? []);
  });
  // One list at a time, its distances used at once: asked for a chunk's lists together, the
  // distances lived until the last was made, often enough through a young collection that V8
  // began allocating them in the old space (allocation-site pretenuring), where they stayed as
  // garbage until the next full collection: ~3 MB more heap per page served.
  for (const [key, list] of unknown) {
    const distances = await hazardDistancesOf(db, [[0, list]], reference);
    lists.set(key, presentStored(list, distances.get(0), reference));
  }
  return keys.map((key) => lists.get(key) as StoredProperties);
}

/** A page of the caller's facilities (explosives never), in the asked CRS. */
async function facilityItems(
  db: Db,
  scope: Scope,
  request: ItemsRequest,
  publicUrl: string,
  chunkRows: number,
): Promise<FeaturePage> {
  const after = facilityKey(request.after);
  const before = facilityKey(request.before);
  const { box, limit } = request;
  const filter = { box, updated: request.updated, municipalities: request.municipalities, majorAccident: request.majorAccident };
  const [reference, keys] = await Promise.all([
    searchReference(db),
    findFeedKeys(db, scope, filter, { limit, after, before }, { count: !box?.envelope, positions: Boolean(box?.envelope) }),
  ]);
  // A box in a projected CRS was read by its envelope in degrees: what is exactly inside stays.
  const ids =
    box?.envelope && keys.positions
      ? keys.ids.filter((_, i) => {
          const [lon, lat] = keys.positions?.[i] ?? [null, null];
          return lon !== null && lat !== null && boxContains(box, lon, lat);
        })
      : keys.ids;
  const context = { reference, project: projection(request.crs), publicUrl };
  const lists = new Map<string, StoredProperties>();
  const chunks = await readAhead(ids, chunkRows, async (chunk) => {
    const { rows, totals } = await findFeedRows(db, scope, chunk);
    const stored = await storedProperties(db, reference, rows, totals, lists);
    return presented(rows, (row, i) => presentFacilityFeature(row, stored[i] as StoredProperties, context));
  });
  const first = keys.ids[0];
  const last = keys.ids.at(-1);
  const full = keys.ids.length === limit;
  return {
    count: ids.length,
    chunks,
    facilityIds: ids,
    numberMatched: keys.matched,
    next: last !== undefined && (before !== null || full) ? String(last) : null,
    prev: first !== undefined && (after !== null || (before !== null && full)) ? String(first) : null,
  };
}

/** The gas pipelines in id order as text compares them (the keyset compares the same way). */
async function orderedPipelines(db: Db): Promise<GasPipelineFeedRow[]> {
  return (await findGasPipelines(db)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A page of the gas pipelines: few enough to filter and page after reading them whole. */
async function gasPipelineItems(db: Db, request: ItemsRequest): Promise<FeaturePage> {
  const { box, after, before, limit } = request;
  const matched = (await orderedPipelines(db)).filter((row) => box === null || pipelineMeets(row, box));
  let start = 0;
  let end = matched.length;
  if (after !== null) start = matched.findIndex((row) => row.id > after);
  if (before !== null) end = matched.findIndex((row) => row.id >= before);
  if (start < 0) start = matched.length;
  if (end < 0) end = matched.length;
  if (before !== null) start = Math.max(start, end - limit);
  else end = Math.min(end, start + limit);
  const rows = matched.slice(start, end);
  const project = projection(request.crs);
  return {
    count: rows.length,
    chunks: [presented(rows, (row) => presentGasPipelineFeature(row, project))],
    facilityIds: null,
    numberMatched: matched.length,
    next: end < matched.length && rows.length > 0 ? (rows.at(-1)?.id ?? null) : null,
    prev: start > 0 && rows.length > 0 ? (rows[0]?.id ?? null) : null,
  };
}

/** A page of a collection for this caller; `chunkRows` is FEED_CHUNK_ROWS but where a test spans chunks with a few rows. */
export function collectionItems(
  db: Db,
  scope: Scope,
  collection: OgcCollectionId,
  request: ItemsRequest,
  publicUrl: string,
  chunkRows = FEED_CHUNK_ROWS,
): Promise<FeaturePage> {
  return collection === 'facilities' ? facilityItems(db, scope, request, publicUrl, chunkRows) : gasPipelineItems(db, request);
}

/** One feature of a collection for this caller, undefined when there is none (or it is outside the scope). */
export async function collectionItem(
  db: Db,
  scope: Scope,
  collection: OgcCollectionId,
  featureId: string,
  crs: ItemsRequest['crs'],
  publicUrl: string,
): Promise<Feature | undefined> {
  const project = projection(crs);
  if (collection === 'gas-pipelines') {
    const row = (await findGasPipelines(db)).find((r) => r.id === featureId);
    return row && presentGasPipelineFeature(row, project);
  }
  if (!/^[0-9]{1,9}$/.test(featureId)) return undefined;
  const [reference, found] = await Promise.all([searchReference(db), findFeedFacility(db, scope, Number(featureId))]);
  if (!found) return undefined;
  const distances = await hazardDistancesOf(db, [[found.row[0], found.substances]], reference);
  const stored = presentStored(found.substances, distances.get(found.row[0]), reference);
  return presentFacilityFeature(found.row, stored, { reference, project, publicUrl });
}

/**
 * What an answer of a collection depends on besides the request, read before its data: the
 * register's version and the caller's municipalities (facilities), the pipelines' digest.
 */
export async function collectionVersion(db: Db, scope: Scope, collection: OgcCollectionId): Promise<string> {
  if (collection === 'gas-pipelines') return `pipelines:${await findGasPipelineVersion(db)}`;
  const { version, municipalities } = await findFeedVersion(db, scope);
  return `register:${version}:${municipalities}`;
}
