import type { DocumentLanguageValue } from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { readOncePerDatabase } from '../../db/read-once.ts';
import { type CatalogueRows, loadSearchReference } from './catalogue.repository.ts';

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

/** The catalogue and the administrative division, read once per database (readOncePerDatabase). */
export const searchReference: (db: Db) => Promise<SearchReference> = readOncePerDatabase(async (db) =>
  index(await loadSearchReference(db)),
);

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

/** Distinct unit types in the order of the facility's units, named in Bokmål (or the asked language). */
export function unitTypesOf(
  ids: readonly number[],
  reference: SearchReference,
  lang: DocumentLanguageValue = 'nb',
): { id: number; description: string }[] {
  return [...new Set(ids)].map((id) => ({ id, description: reference.unitTypes.get(id)?.[lang] ?? String(id) }));
}
