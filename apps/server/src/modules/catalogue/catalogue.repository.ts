import type { Db } from '../../db/database.ts';

export interface CatalogueRows {
  unitTypes: { id: number; description_nb: string; description_nn: string }[];
  groups: { id: number; name_nb: string; name_nn: string }[];
  substances: { id: number; group_id: number; name_nb: string; name_nn: string; un_number: string }[];
  counties: { id: string }[];
  municipalities: { id: string; county_id: string }[];
}

/** The catalogue and the administrative division: fixed reference data the filters refer to. */
export async function loadSearchReference(db: Db): Promise<CatalogueRows> {
  const [unitTypes, groups, substances, counties, municipalities] = await Promise.all([
    db.selectFrom('facility_unit_type').select(['id', 'description_nb', 'description_nn']).orderBy('id').execute(),
    db.selectFrom('substance_group').select(['id', 'name_nb', 'name_nn']).orderBy('id').execute(),
    db.selectFrom('substance').select(['id', 'group_id', 'name_nb', 'name_nn', 'un_number']).orderBy('id').execute(),
    db.selectFrom('county').select('id').execute(),
    db.selectFrom('municipality').select(['id', 'county_id']).execute(),
  ]);
  return { unitTypes, groups, substances, counties, municipalities };
}
