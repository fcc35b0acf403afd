import { randomUUID } from 'node:crypto';
import {
  MAP_SNAPSHOT_IDLE_SECONDS,
  type MapFacilitiesPage,
  type MapFacilitiesQuery,
  type MapFacilityTuple,
} from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { validationError } from '../../errors.ts';
import type { Scope } from '../identity/identity.ts';
import { type GzipHead, gzipHead, gzipWithTail } from './gzip-parts.ts';
import {
  createSnapshot,
  findSnapshot,
  pruneSnapshots,
  readSnapshotBlocks,
  renewSnapshot,
  type SnapshotContent,
  scopeKey,
  snapshotContent,
} from './map.repository.ts';

/** Facilities per stored block: a page of 10 000 reads ten rows. */
export const SNAPSHOT_BLOCK_SIZE = 1_000;
/** Snapshots a caller may hold at once (tabs, reloads); older ones are dropped. */
const SNAPSHOTS_PER_CALLER = 4;
/** A shared content is taken up only if it is kept this much longer: pruning cannot catch it midway. */
const REUSE_MARGIN_MS = 60_000;

const UNKNOWN_PIT = 'Kartutvalget (pitId) finnes ikke eller er utløpt. Hent anleggene på nytt uten pitId.';
const SCOPE_CHANGED = 'Tilgangene dine er endret siden kartutvalget (pitId) ble laget. Hent anleggene på nytt uten pitId.';

export interface SnapshotOptions {
  now?: Date;
  blockSize?: number;
}

const expiry = (now: Date) => new Date(now.getTime() + MAP_SNAPSHOT_IDLE_SECONDS * 1000);

/**
 * The facilities `skip` to `skip + take` of consecutive blocks (JSON array texts), as the text of
 * one JSON array. Whole blocks are joined as they are; only a block cut by the page's start or end
 * is parsed.
 */
export function sliceBlocks(blocks: readonly string[], blockSize: number, skip: number, take: number): string {
  const parts: string[] = [];
  let start = skip;
  let left = take;
  for (const block of blocks) {
    if (left <= 0) break;
    if (start >= blockSize) {
      start -= blockSize;
      continue;
    }
    const whole = start === 0 && left >= blockSize;
    if (whole) {
      const inner = block.slice(1, -1);
      if (inner.length > 0) parts.push(inner);
      left -= blockSize;
    } else {
      const tuples = (JSON.parse(block) as MapFacilityTuple[]).slice(start, start + left);
      if (tuples.length > 0) parts.push(JSON.stringify(tuples).slice(1, -1));
      left -= tuples.length;
    }
    start = 0;
  }
  return `[${parts.join(',')}]`;
}

/**
 * Snapshot contents being taken in this process, by block size and scope: callers of the same
 * municipalities who arrive meanwhile (many operators opening the map after an import) wait for
 * that one instead of each taking their own — on PostgreSQL their transactions would not see
 * each other's content (on PGlite's one connection they queue anyway).
 */
const contentsInProgress = new Map<string, Promise<SnapshotContent>>();

async function sharedSnapshotContent(
  db: Db,
  scope: Scope,
  options: Parameters<typeof snapshotContent>[2],
): Promise<SnapshotContent> {
  const key = await scopeKey(db, scope);
  const flight = `${options.blockSize}:${key}`;
  let taking = contentsInProgress.get(flight);
  if (!taking) {
    taking = snapshotContent(db, scope, options).finally(() => contentsInProgress.delete(flight));
    contentsInProgress.set(flight, taking);
  }
  const content = await taking;
  // Taken for exactly these municipalities, or not for this caller (their scope changed meanwhile).
  return content.scopeKey === key ? content : snapshotContent(db, scope, options);
}

/** A page of a snapshot, the caller's checks passed: which facilities, and the envelope around them. */
export interface MapPage {
  contentId: string;
  blockSize: number;
  /** The page's facilities are those at `offset` up to (not including) `end` of the content. */
  offset: number;
  end: number;
  envelope: Omit<MapFacilitiesPage, 'facilities'>;
}

/**
 * One page of the caller's map facilities (DESIGN.md § 4), answered gzipped by mapPageGzip
 * (the JSON text of a MapFacilitiesPage): the facilities are copied from the snapshot's stored text, never parsed
 * and serialised again. Without `pitId` a snapshot is taken and its first page answered; with it, the
 * page at `continueFrom` of that snapshot. A snapshot belongs to the (user, organisation) that
 * took it and ends when it expires or the scope changes: asking for it then is a 400, as for a
 * pitId that never existed, so nothing tells them apart. Callers who see the same municipalities
 * share the facilities of a snapshot while the register is unchanged (see snapshotContent).
 */
export async function mapFacilitiesPage(
  db: Db,
  scope: Scope,
  query: MapFacilitiesQuery,
  options: SnapshotOptions = {},
): Promise<MapPage> {
  const now = options.now ?? new Date();
  let snapshot: { pitId: string; contentId: string; blockSize: number; total: number };
  let offset: number;

  if (query.pitId == null) {
    if (query.continueFrom != null) throw validationError('continueFrom kan bare brukes sammen med pitId.');
    await pruneSnapshots(db, scope, now, SNAPSHOTS_PER_CALLER - 1);
    const pitId = randomUUID();
    const expiresAt = expiry(now);
    const content = await sharedSnapshotContent(db, scope, {
      blockSize: options.blockSize ?? SNAPSHOT_BLOCK_SIZE,
      expiresAt,
      reusableUntil: new Date(now.getTime() + REUSE_MARGIN_MS),
    });
    await createSnapshot(db, scope, { pitId, content, expiresAt });
    snapshot = { pitId, contentId: content.contentId, blockSize: content.blockSize, total: content.total };
    offset = 0;
  } else {
    const row = await findSnapshot(db, query.pitId);
    const owned = row && row.user_id === scope.userId && row.organisation_number === scope.organisationNumber;
    if (!row || !owned || row.expires_at.getTime() <= now.getTime()) throw validationError(UNKNOWN_PIT);
    if (row.scope_key !== (await scopeKey(db, scope))) throw validationError(SCOPE_CHANGED);
    offset = query.continueFrom ?? 0;
    if (offset > row.total_count) {
      throw validationError(`continueFrom (${offset}) er utenfor kartutvalget, som har ${row.total_count} anlegg.`);
    }
    await renewSnapshot(db, { pitId: row.pit_id, contentId: row.content_id }, expiry(now));
    snapshot = { pitId: row.pit_id, contentId: row.content_id, blockSize: row.block_size, total: row.total_count };
  }

  const end = Math.min(offset + query.pageSize, snapshot.total);
  const hasMoreResults = end < snapshot.total;
  return {
    contentId: snapshot.contentId,
    blockSize: snapshot.blockSize,
    offset,
    end,
    envelope: { hasMoreResults, pitId: snapshot.pitId, continueFrom: hasMoreResults ? end : null, totalCount: snapshot.total },
  };
}

/** `{"facilities":[…]` of a page: what every caller's answer for it starts with. */
async function pageHead(db: Db, page: MapPage): Promise<string> {
  if (page.end <= page.offset) return '{"facilities":[]';
  const first = Math.floor(page.offset / page.blockSize);
  const last = Math.floor((page.end - 1) / page.blockSize);
  const blocks = await readSnapshotBlocks(db, page.contentId, first, last);
  return `{"facilities":${sliceBlocks(blocks, page.blockSize, page.offset - first * page.blockSize, page.end - page.offset)}`;
}

const pageTail = (page: MapPage) => `,${JSON.stringify(page.envelope).slice(1)}`;

/**
 * Compressed page heads, by content and position, kept in this process: a shared snapshot's
 * pages are the same for each of its callers (contents never change), so each is read and
 * compressed once. The least recently used go beyond PAGE_HEADS_BYTES.
 */
const PAGE_HEADS_BYTES = 32 * 1024 * 1024;
const pageHeads = new Map<string, GzipHead>();
let pageHeadsBytes = 0;

/** The page's JSON text gzipped: its head compressed once (gzip-parts.ts), the caller's envelope each time. */
export async function mapPageGzip(db: Db, page: MapPage): Promise<Buffer> {
  const key = `${page.contentId}/${page.offset}/${page.end}`;
  let head = pageHeads.get(key);
  if (head) {
    pageHeads.delete(key);
  } else {
    head = await gzipHead(await pageHead(db, page));
    pageHeadsBytes += head.deflated.length;
    for (const [oldest, kept] of pageHeads) {
      if (pageHeadsBytes <= PAGE_HEADS_BYTES) break;
      pageHeads.delete(oldest);
      pageHeadsBytes -= kept.deflated.length;
    }
  }
  pageHeads.set(key, head);
  return gzipWithTail(head, pageTail(page));
}
