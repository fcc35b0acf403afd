import type { MajorAccidentValue, MapZoneFacility, MapZoneSubstanceTotal } from '@fast/contracts';
import type { GroupTotalRow, PlacedSummaryRow } from './facility-summaries.repository.ts';

// The database's check constraints hold these columns to the contract's enums.
const majorAccident = (value: string) => value as MajorAccidentValue;

/** A facility in a zone's list (the map's drawn zone, the protective zones), with its distance from the zone's centre. */
export function presentZoneFacility(row: PlacedSummaryRow & { distance: number }): MapZoneFacility {
  return {
    id: row.id,
    name: row.name,
    privatePerson: row.is_private,
    municipality: { id: row.municipality_id, name: row.municipality_name },
    majorAccident: majorAccident(row.major_accident),
    explosives: row.is_explosives,
    longitude: row.longitude,
    latitude: row.latitude,
    distanceMetres: Math.round(row.distance * 10) / 10,
  };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

export function presentSubstanceTotal(row: GroupTotalRow): MapZoneSubstanceTotal {
  return {
    substanceGroupId: row.group_id,
    name: row.name_nb,
    nameNn: row.name_nn,
    cubicMetres: round3(row.cubic_metres),
    tonnes: round3(row.tonnes),
    facilityCount: row.facility_count,
  };
}
