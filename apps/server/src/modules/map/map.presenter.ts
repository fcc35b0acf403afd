import {
  type GasPipelineCollection,
  type GasPipelineFeature,
  MAP_ZONE_MAX_FACILITIES,
  type MajorAccidentValue,
  type MapFacilityPopup,
  type MapZoneResult,
  type PipelineSubstance,
  type PressureClass,
} from '@fast/contracts';
import type { PlacedSummaryRow } from '../facility/facility-summaries.repository.ts';
import { presentSubstanceTotal, presentZoneFacility } from '../facility/facility-summary.presenter.ts';
import type { GasPipelineRow } from './map.repository.ts';
import type { ZoneContents } from './map-zone.service.ts';

// The database's check constraints hold these columns to the contract's enums.
const majorAccident = (value: string) => value as MajorAccidentValue;

export function presentPopup(row: PlacedSummaryRow): MapFacilityPopup {
  return {
    id: row.id,
    name: row.name,
    privatePerson: row.is_private,
    address: { street: row.street_address, postalCode: row.postal_code, postalPlace: row.postal_place },
    municipality: { id: row.municipality_id, name: row.municipality_name },
    majorAccident: majorAccident(row.major_accident),
    explosives: row.is_explosives,
    longitude: row.longitude,
    latitude: row.latitude,
  };
}

export function presentZone({ facilities, totals }: ZoneContents): MapZoneResult {
  return {
    facilities: facilities.slice(0, MAP_ZONE_MAX_FACILITIES).map(presentZoneFacility),
    totalCount: facilities.length,
    substanceTotals: totals.map(presentSubstanceTotal),
  };
}

export function presentGasPipelines(rows: GasPipelineRow[]): GasPipelineCollection {
  return {
    type: 'FeatureCollection',
    features: rows.map(
      (row): GasPipelineFeature => ({
        type: 'Feature',
        id: row.id,
        properties: {
          id: row.id,
          name: row.name,
          owner: row.owner,
          pressureClass: row.pressure_class as PressureClass,
          substance: row.substance as PipelineSubstance,
          maximumOperatingPressureBar: row.mop_bar,
          diameterMm: row.diameter_mm,
          material: row.material,
          yearBuilt: row.year_built,
        },
        // Checked by the database (LineString or MultiLineString) and by the import.
        geometry: row.geometry as GasPipelineFeature['geometry'],
      }),
    ),
  };
}
