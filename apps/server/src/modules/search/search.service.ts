import type { SearchCriteria, SearchFilterPayload, SearchPayload, SearchResponse } from '@fast/contracts';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.ts';
import { validationError } from '../../errors.ts';
import { type SearchReference, searchReference } from '../catalogue/search-reference.ts';
import type { Scope } from '../identity/identity.ts';
import { oneEditPatterns, parseFreeText, type SearchTerm } from './free-text.ts';
import { presentCriteria, presentHit } from './search.presenter.ts';
import { findLiteralWords, findOccurringPatterns, findPage, type SearchInput } from './search.repository.ts';
import type { SearchResultCache } from './search-cache.ts';

const list = (values: Iterable<string | number>) => [...values].join(', ');

/**
 * Refuses filter ids that do not exist (400 VALIDATION_ERROR): a municipality outside its county,
 * a substance outside its group, an unknown unit type. Without this an unknown id would quietly
 * match nothing and the user would not learn why.
 */
async function assertKnownSearchIds(db: Db, payload: SearchFilterPayload): Promise<SearchReference> {
  const reference = await searchReference(db);
  const unknownTypes = payload.facilityObjects.filter((id) => !reference.unitTypes.has(id));
  if (unknownTypes.length > 0) throw validationError(`Ukjente anleggsenhetstyper: ${list(unknownTypes)}`);
  for (const county of payload.counties) {
    const municipalities = reference.counties.get(county.id);
    if (!municipalities) throw validationError(`Ukjent fylke: ${county.id}`);
    const outside = county.municipalityCodes.filter((code) => !municipalities.has(code));
    if (outside.length > 0) throw validationError(`Kommunene ${list(outside)} ligger ikke i fylke ${county.id}`);
  }
  for (const group of payload.substanceGroups) {
    const substances = reference.groups.get(group.substanceGroupId);
    if (!substances) throw validationError(`Ukjent stoffgruppe: ${group.substanceGroupId}`);
    const outside = group.substanceIds.filter((id) => !substances.has(id));
    if (outside.length > 0)
      throw validationError(`Stoffene ${list(outside)} hører ikke til stoffgruppe ${group.substanceGroupId}`);
  }
  return reference;
}

/**
 * How a possibly misspelt word reads in a caller's scope: `false` when it occurs as typed (it is
 * spelt right, or is the beginning of a word being typed), else the one-edit patterns of it that
 * occur (see oneEditPatterns).
 */
type TypoReading = false | readonly string[];

// The readings per database: paging and sorting send the same words again and again, and the
// answer changes only when the register is imported or the access changes. A stale answer switches
// typo tolerance on or off, or misses a new near match, for one word for a few minutes; both give
// a sensible result. Keyed by user and organisation, as the scope is.
const typoCache = new WeakMap<Db, LRUCache<string, TypoReading>>();

async function typoReadings(db: Db, scope: Scope, words: string[]): Promise<Map<string, TypoReading>> {
  let cache = typoCache.get(db);
  if (!cache) {
    cache = new LRUCache({ max: 2000, ttl: 10 * 60_000 });
    typoCache.set(db, cache);
  }
  const key = (word: string) => JSON.stringify([scope.userId, scope.organisationNumber, word]);
  const readings = new Map<string, TypoReading>();
  const unknown: string[] = [];
  for (const word of words) {
    const reading = cache.get(key(word));
    if (reading === undefined) unknown.push(word);
    else readings.set(word, reading);
  }
  if (unknown.length === 0) return readings;
  const probed = await findLiteralWords(db, scope, unknown);
  const misspelt = probed.filter((p) => !p.literal).map((p) => ({ word: p.word, patterns: oneEditPatterns(p.normalised) }));
  const occurring = await findOccurringPatterns(db, scope, [...new Set(misspelt.flatMap((m) => m.patterns))]);
  for (const { word } of probed) readings.set(word, false);
  for (const { word, patterns } of misspelt) {
    readings.set(
      word,
      patterns.filter((pattern) => occurring.has(pattern)),
    );
  }
  for (const word of unknown) cache.set(key(word), readings.get(word) ?? false);
  return readings;
}

/**
 * The free text's words, parsed once. A word of five letters or more that occurs nowhere in the
 * scope as typed is read as a typo: it also matches what is one edit away from it, and a long one
 * what is similar to it (see parseFreeText and termCondition).
 */
async function searchTerms(db: Db, scope: Scope, query: string): Promise<SearchTerm[]> {
  const terms = parseFreeText(query);
  const candidates = [...new Set(terms.filter((t) => t.typoTolerant).map((t) => t.text))];
  if (candidates.length === 0) return terms;
  const readings = await typoReadings(db, scope, candidates);
  return terms.map((t) => {
    if (!t.typoTolerant) return t;
    const reading = readings.get(t.text) ?? false;
    return reading === false ? { ...t, typoTolerant: false, similar: false } : { ...t, oneEdit: reading };
  });
}

/** A search payload checked against the catalogue, with its free text parsed: what the queries take. */
export interface ParsedSearch<P extends SearchFilterPayload> extends SearchInput<P> {
  reference: SearchReference;
}

/**
 * The one way into a search (list, export, map): unknown ids answer 400, the free text is parsed
 * once, and whole counties and substance groups become their municipalities and substances.
 */
export async function parseSearch<P extends SearchFilterPayload>(db: Db, scope: Scope, payload: P): Promise<ParsedSearch<P>> {
  const reference = await assertKnownSearchIds(db, payload);
  const municipalityIds = payload.counties.flatMap((c) =>
    c.municipalityCodes.length > 0 ? c.municipalityCodes : [...(reference.counties.get(c.id) ?? [])],
  );
  const substanceIds = payload.substanceGroups.flatMap((g) =>
    g.substanceIds.length > 0 ? g.substanceIds : [...(reference.groups.get(g.substanceGroupId) ?? [])],
  );
  return {
    payload,
    terms: await searchTerms(db, scope, payload.query),
    reference,
    municipalityIds: payload.counties.length > 0 ? [...new Set(municipalityIds)] : null,
    substanceIds: payload.substanceGroups.length > 0 ? [...new Set(substanceIds)] : null,
  };
}

/** POST /api/v1/facilities/search: a page of hits and the exact total, kept in `cache` when there is one. */
export async function searchFacilities(
  db: Db,
  scope: Scope,
  payload: SearchPayload,
  cache: SearchResultCache | null,
): Promise<SearchResponse> {
  const search = await parseSearch(db, scope, payload);
  const compute = async () => {
    const { total, rows } = await findPage(db, scope, search);
    return { totalHits: total, hits: rows.map((row) => presentHit(row, search.reference)) };
  };
  return cache ? cache.answer(db, scope, [payload, search.terms], compute) : compute();
}

export async function searchCriteria(db: Db): Promise<SearchCriteria> {
  return presentCriteria(await searchReference(db));
}
