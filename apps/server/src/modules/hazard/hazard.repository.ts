import type { Db } from '../../db/database.ts';
import type { RowOf } from '../../db/sql.ts';

function cards(db: Db) {
  return db
    .selectFrom('hazard_card as c')
    .leftJoin('hazard_guide as g', 'g.guide', 'c.guide')
    .select([
      'c.un_number',
      'c.name_nb',
      'c.name_nn',
      'c.name_en',
      'c.adr_class',
      'c.classification_code',
      'c.packing_group',
      'c.labels',
      'c.hazard_number',
      'c.guide',
      'c.guide_polymerisation',
      'c.reference_version',
      'g.edition',
      'g.title_nb',
      'g.title_nn',
      'g.essentials_nb',
      'g.essentials_nn',
    ]);
}

export type HazardCardRow = RowOf<ReturnType<typeof cards>>;

/** The substances stored at one facility, a row per stored quantity; callers have checked the facility is in scope. */
export async function findFacilitySubstanceQuantities(db: Db, facilityId: number) {
  return db
    .selectFrom('stored_substance as s')
    .innerJoin('substance as sub', 'sub.id', 's.substance_id')
    .where('s.facility_id', '=', facilityId)
    .select(['sub.un_number', 'sub.name_nb', 'sub.name_nn', 's.quantity', 's.unit'])
    .orderBy('s.unit_position')
    .orderBy('s.position')
    .execute();
}

/** Every card (the reference data's few hundred), for the summaries read once per database. */
export async function findAllHazardCards(db: Db): Promise<HazardCardRow[]> {
  return cards(db).execute();
}
