import {
  type MajorAccidentValue,
  type NearbyCenter,
  type NearbyFacility,
  type NearbyResponse,
  POSTAL_CODE_POINT_ATTRIBUTION,
  type QuantityUnit,
} from '@fast/contracts';
import type { SearchReference } from '../catalogue/search-reference.ts';
import { presentSubstanceTotal } from '../facility/facility-summary.presenter.ts';
import type { NearbyResult } from './nearby.service.ts';

const decimetres = (metres: number) => Math.round(metres * 10) / 10;
// Stored quantities summed per substance: rounded to what the register stores (0.1 + 0.2 is 0.3).
const roundQuantity = (value: number) => Math.round(value * 1e6) / 1e6;

/** The centre as asked, with its municipality, the credit its source requires, and its notations. */
function presentCenter({ request, point }: NearbyResult): NearbyCenter {
  const { municipality, positions } = point;
  return {
    latitude: request.latitude,
    longitude: request.longitude,
    municipality: municipality ? { id: municipality.id, name: municipality.name } : null,
    attribution: point.postalCodePoint
      ? { text: POSTAL_CODE_POINT_ATTRIBUTION.text, url: POSTAL_CODE_POINT_ATTRIBUTION.url }
      : null,
    positions: {
      utm: { zone: positions.utm.zone, text: positions.utm.text },
      wgs84: positions.wgs84,
      mgrs: positions.mgrs,
    },
  };
}

/** The nearby answer; the response schema is the allow-list of what leaves. */
export function presentNearby(result: NearbyResult, reference: SearchReference): NearbyResponse {
  const { request, count, listed, totals } = result;
  return {
    center: presentCenter(result),
    radiusMeters: request.radiusMeters,
    totalCount: count,
    facilities: listed.map(
      ({ detail, hazardDistances, latitude, longitude, distanceMeters, bearingDegrees }): NearbyFacility => ({
        id: detail.id,
        name: detail.name,
        privatePerson: detail.is_private,
        address: { street: detail.street_address, postalCode: detail.postal_code, postalPlace: detail.postal_place },
        municipality: { id: detail.municipality_id, name: detail.municipality_name },
        latitude,
        longitude,
        distanceMeters: decimetres(distanceMeters),
        bearingDegrees: (Math.round(bearingDegrees * 10) / 10) % 360,
        // The database's check constraints hold these columns to the contract's enums.
        majorAccident: detail.major_accident as MajorAccidentValue,
        explosives: detail.is_explosives,
        substances: detail.substances.map(([substanceId, unit, quantity]) => {
          const known = reference.substances.get(substanceId);
          return {
            name: known?.nb ?? String(substanceId),
            nameNn: known?.nn ?? String(substanceId),
            unNumber: known?.unNumber ?? '',
            quantity: roundQuantity(quantity),
            unit: unit as QuantityUnit,
          };
        }),
        hazardDistances,
      }),
    ),
    substanceTotals: totals.map(presentSubstanceTotal),
  };
}
