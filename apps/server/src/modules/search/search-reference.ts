import type { Db } from '../../db/database.ts';
import { type CatalogueRows, loadSearchReference } from './search.repository.ts';

/** The catalogue and the administrative division, indexed for checking payloads and naming hits. */
export interface SearchReference {
  rows: CatalogueRows;
  unitTypes: Map<number, { nb: string; nn: string }>;
  /** Substance group id → its substance ids. */
  groups: Map<number, Set<number>>;
  substances: Map<number, { groupId: number; nb: string; nn: string; unNumber: string }>;
  /** County id → its municipality ids. */
  counties: Map<string, Set<string>>;
}

// Reference data is written by migrations and the reference-data seed before the server serves
// requests and never changes while it runs: read once per database.
const cache = new WeakMap<Db, Promise<SearchReference>>();

export function searchReference(db: Db): Promise<SearchReference> {
  let reference = cache.get(db);
  if (!reference) {
    reference = loadSearchReference(db).then(index);
    // A failed read (database briefly away) must not be remembered.
    reference.catch(() => cache.delete(db));
    cache.set(db, reference);
  }
  return reference;
}

function index(rows: CatalogueRows): SearchReference {
  const groups = new Map<number, Set<number>>(rows.groups.map((g) => [g.id, new Set<number>()]));
  for (const s of rows.substances) groups.get(s.group_id)?.add(s.id);
  const counties = new Map<string, Set<string>>(rows.counties.map((c) => [c.id, new Set<string>()]));
  for (const m of rows.municipalities) counties.get(m.county_id)?.add(m.id);
  return {
    rows,
    unitTypes: new Map(rows.unitTypes.map((t) => [t.id, { nb: t.description_nb, nn: t.description_nn }])),
    groups,
    substances: new Map(
      rows.substances.map((s) => [s.id, { groupId: s.group_id, nb: s.name_nb, nn: s.name_nn, unNumber: s.un_number }]),
    ),
    counties,
  };
}
