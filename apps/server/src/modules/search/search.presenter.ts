import type { MajorAccidentValue, SearchCriteria, SearchHit } from '@fast/contracts';
import { type SearchReference, unitTypesOf } from '../catalogue/search-reference.ts';
import type { SearchHitRow } from '../facility/facility-rows.repository.ts';

export function presentHit(row: SearchHitRow, reference: SearchReference): SearchHit {
  return {
    id: row.id,
    privatePerson: row.is_private,
    name: row.name,
    address: { street: row.street_address, postalCode: row.postal_code, postalPlace: row.postal_place },
    municipality: { id: row.municipality_id, name: row.municipality_name },
    firstSubstanceNotificationOn: row.first_notification_on,
    client: row.owner_name,
    majorAccident: row.major_accident as MajorAccidentValue,
    facilityUnitTypes: unitTypesOf(row.unit_type_ids, reference),
    hasValidCoordinates: row.has_position,
  };
}

export function presentCriteria(reference: SearchReference): SearchCriteria {
  const { rows } = reference;
  return {
    facilityTypes: rows.unitTypes.map((t) => ({ id: t.id, description: t.description_nb, descriptionNn: t.description_nn })),
    substanceGroups: rows.groups.map((g) => ({
      id: g.id,
      name: g.name_nb,
      nameNn: g.name_nn,
      substances: rows.substances
        .filter((s) => s.group_id === g.id)
        .map((s) => ({ id: s.id, name: s.name_nb, nameNn: s.name_nn, unNumber: s.un_number })),
    })),
  };
}
