import type { MajorAccidentValue, NearbyFacility, NearbyResponse, QuantityUnit } from '@fast/contracts';
import { presentSubstanceTotal } from '../map/map.presenter.ts';
import type { SearchReference } from '../search/search-reference.ts';
import type { NearbyResult } from './nearby.service.ts';

const decimetres = (metres: number) => Math.round(metres * 10) / 10;
// Stored quantities summed per substance: rounded to what the register stores (0.1 + 0.2 is 0.3).
const roundQuantity = (value: number) => Math.round(value * 1e6) / 1e6;

/** The nearby answer; the response schema is the allow-list of what leaves. */
export function presentNearby({ request, count, listed, totals }: NearbyResult, reference: SearchReference): NearbyResponse {
  return {
    center: { latitude: request.latitude, longitude: request.longitude },
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
