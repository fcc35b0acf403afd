import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database.ts';
import { prepare } from '../../db/prepared.ts';
import type { RowOf } from '../../db/sql.ts';
import { scopeMunicipalityIds } from '../access/scope.ts';
import type { Scope } from '../identity/identity.ts';

/**
 * The whole record of one facility in one statement (children as JSON arrays), or undefined when
 * it does not exist or lies outside the scope: the children hang off the scoped facility row, so
 * they can never leak from another municipality. Ids that cannot be a facility id never get here.
 */
const preparedRecordQueries = new WeakMap<
  Db,
  (userId: string, organisationNumber: string, id: number) => Promise<FacilityRecordRow[]>
>();

/** The facility's whole record within the scope; its statement is compiled once per database (db/prepared.ts). */
export async function findFacilityRecord(db: Db, scope: Scope, id: number): Promise<FacilityRecordRow | undefined> {
  let query = preparedRecordQueries.get(db);
  if (!query) {
    query = prepare(db, 3, (userId: string, organisationNumber: string, facilityId: number) =>
      facilityRecordQuery(db, { userId, organisationNumber }, facilityId),
    );
    preparedRecordQueries.set(db, query);
  }
  const [row] = await query(scope.userId, scope.organisationNumber, id);
  return row;
}

/** The statement of findFacilityRecord, also compiled by the benchmark to time the bare SQL. */
export function facilityRecordQuery(db: Db, scope: Scope, id: number) {
  return db
    .selectFrom('facility as f')
    .innerJoin('municipality as m', 'm.id', 'f.municipality_id')
    .innerJoin('county as c', 'c.id', 'm.county_id')
    .where('f.id', '=', id)
    .where('f.municipality_id', 'in', scopeMunicipalityIds(db, scope))
    .select([
      'f.id',
      'f.name',
      'f.owner_type',
      'f.is_private',
      'f.owner_name',
      'f.organisation_number',
      'f.client_name',
      'f.client_organisation_number',
      'f.client_info',
      'f.street_address',
      'f.postal_code',
      'f.postal_place',
      'f.municipality_id',
      'm.name as municipality_name',
      'm.county_id',
      'c.name as county_name',
      'f.longitude',
      'f.latitude',
      'f.position_accuracy',
      'f.major_accident',
      'f.is_explosives',
      'f.status',
      'f.registered_on',
      'f.updated_on',
      'f.first_notification_on',
    ])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('facility_unit as u')
          .innerJoin('facility_unit_type as t', 't.id', 'u.unit_type_id')
          .whereRef('u.facility_id', '=', 'f.id')
          .select(['u.position', 'u.name', 't.id as type_id', 't.description_nb as type_nb', 't.description_nn as type_nn'])
          .orderBy('u.position'),
      ).as('units'),
      jsonArrayFrom(
        eb
          .selectFrom('stored_substance as s')
          .innerJoin('substance as sub', 'sub.id', 's.substance_id')
          .innerJoin('substance_group as g', 'g.id', 'sub.group_id')
          .innerJoin('facility_unit as u', (join) =>
            join.onRef('u.facility_id', '=', 's.facility_id').onRef('u.position', '=', 's.unit_position'),
          )
          .innerJoin('facility_unit_type as t', 't.id', 'u.unit_type_id')
          .whereRef('s.facility_id', '=', 'f.id')
          .select([
            's.unit_position',
            's.position',
            's.quantity',
            's.unit',
            's.hazard_division',
            'sub.id as substance_id',
            'sub.name_nb as substance_nb',
            'sub.name_nn as substance_nn',
            'sub.un_number',
            'g.id as group_id',
            'g.name_nb as group_nb',
            'g.name_nn as group_nn',
            't.id as unit_type_id',
            't.description_nb as unit_type_nb',
            't.description_nn as unit_type_nn',
          ])
          .orderBy('g.id')
          .orderBy('s.unit_position')
          .orderBy('s.position'),
      ).as('substances'),
      jsonArrayFrom(
        eb
          .selectFrom('inspection as i')
          .whereRef('i.facility_id', '=', 'f.id')
          .select([
            'i.id',
            'i.year',
            'i.type',
            'i.authority',
            'i.status',
            'i.contact_person',
            'i.case_number',
            'i.inspected_on',
            'i.report_document_id',
          ])
          // Planned ones (the future) on top, then the newest done.
          .orderBy('i.year', 'desc')
          .orderBy('i.position', 'desc'),
      ).as('inspections'),
      jsonArrayFrom(
        eb
          .selectFrom('notification_report as n')
          .whereRef('n.facility_id', '=', 'f.id')
          .select(['n.id', 'n.submitted_on', 'n.submitted_by', 'n.is_active', 'n.receipt_document_id'])
          // The active (newest) one first, as the screen marks the top row active.
          .orderBy('n.is_active', 'desc')
          .orderBy('n.submitted_on', 'desc')
          .orderBy('n.position', 'desc'),
      ).as('notifications'),
      jsonArrayFrom(
        eb
          .selectFrom('accident as a')
          .whereRef('a.facility_id', '=', 'f.id')
          .select(['a.id', 'a.reference_number', 'a.occurred_on', 'a.reporter', 'a.source', 'a.type', 'a.report_document_id'])
          .orderBy('a.occurred_on', 'desc')
          .orderBy('a.position', 'desc'),
      ).as('accidents'),
    ]);
}

export type FacilityRecordRow = RowOf<ReturnType<typeof facilityRecordQuery>>;
export type StoredSubstanceRow = FacilityRecordRow['substances'][number];
