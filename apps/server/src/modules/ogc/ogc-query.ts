import {
  MajorAccidentValue,
  OGC_ITEMS_DEFAULT_LIMIT,
  OGC_ITEMS_MAX_LIMIT,
  type OgcCrs,
  type OgcItemsQuery,
} from '@fast/contracts';
import { validationError } from '../../errors.ts';
import type { FacilityFilter } from './ogc.repository.ts';
import { type LonLatBox, parseBbox, parseCrs } from './ogc-crs.ts';

/** An items request as the feed answers it: checked, in degrees, with its page. */
export interface ItemsRequest {
  limit: number;
  /** Raw keyset values; each collection reads them as its ids are (integers, text). */
  after: string | null;
  before: string | null;
  crs: OgcCrs;
  box: LonLatBox | null;
  updated: FacilityFilter['updated'];
  municipalities: string[] | null;
  majorAccident: MajorAccidentValue[] | null;
}

const DATE = /^([0-9]{4}-[0-9]{2}-[0-9]{2})(T[0-9:.]+(Z|[+-][0-9]{2}:[0-9]{2})?)?$/;

/** One end of a `datetime` interval as a date (the records are updated by the day), or null for an open end. */
function dateOf(text: string): string | null {
  if (text === '..' || text === '') return null;
  const match = DATE.exec(text);
  const day = match?.[1];
  if (!day || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
    throw validationError('Ugyldig datetime: bruk RFC 3339, et tidspunkt eller et intervall (2024-01-01/..).');
  }
  return day;
}

/** `datetime` as the inclusive range of update dates it covers (Part 1, 7.15.4). */
export function parseDatetime(text: string | undefined): FacilityFilter['updated'] {
  if (text === undefined) return null;
  const parts = text.split('/');
  if (parts.length > 2) throw validationError('Ugyldig datetime: høyst to tidspunkter.');
  const [first = '', second] = parts;
  if (second === undefined) {
    const day = dateOf(first);
    if (day === null) throw validationError('Ugyldig datetime: et tidspunkt kan ikke være åpent.');
    return { from: day, to: day };
  }
  const from = dateOf(first);
  const to = dateOf(second);
  if (from !== null && to !== null && from > to) throw validationError('Ugyldig datetime: intervallet slutter før det begynner.');
  return { from, to };
}

function parseLimit(text: string | undefined): number {
  if (text === undefined) return OGC_ITEMS_DEFAULT_LIMIT;
  const limit = Number(text);
  if (!Number.isInteger(limit) || limit < 1 || limit > OGC_ITEMS_MAX_LIMIT) {
    throw validationError(`Ugyldig limit: må være et heltall fra 1 til ${OGC_ITEMS_MAX_LIMIT}.`);
  }
  return limit;
}

/** The items query, checked (anything wrong is a 400 with the error body). */
export function parseItemsQuery(query: OgcItemsQuery): ItemsRequest {
  if (query.after !== undefined && query.before !== undefined)
    throw validationError('Ugyldig forespørsel: after og before sammen.');
  if (query['bbox-crs'] !== undefined && query.bbox === undefined)
    throw validationError('Ugyldig forespørsel: bbox-crs uten bbox.');
  const bboxCrs = parseCrs(query['bbox-crs'], 'bbox-crs');
  const majorAccident = query.majorAccident?.split(',') ?? null;
  return {
    limit: parseLimit(query.limit),
    after: query.after ?? null,
    before: query.before ?? null,
    crs: parseCrs(query.crs, 'crs'),
    box: query.bbox === undefined ? null : parseBbox(query.bbox, bboxCrs),
    updated: parseDatetime(query.datetime),
    municipalities: query.municipality?.split(',') ?? null,
    majorAccident: majorAccident?.map((value) => MajorAccidentValue[value as MajorAccidentValue]) ?? null,
  };
}

/** A keyset value of the facilities collection (an id), or a 400. */
export function facilityKey(text: string | null): number | null {
  if (text === null) return null;
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id < 0 || id > 2_147_483_647)
    throw validationError('Ugyldig after/before: må være et anleggs-id.');
  return id;
}
