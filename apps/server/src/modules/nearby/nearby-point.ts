import type { MunicipalityRef, PointPositions } from '@fast/contracts';
import { pointPositions } from '../position/notations.ts';
import { loadPlaceReference } from '../reference/place-reference.ts';

/**
 * What the server knows of the point the distances are measured from, from public reference data
 * only (never the register): the municipality it lies in, whether it is a postal code's point
 * (whose source must be credited), and the notations the incident screen shows and its export
 * writes.
 */
export interface NearbyPoint {
  /** Null outside every municipality (at sea, abroad). */
  municipality: MunicipalityRef | null;
  /** The municipality's display name ("Herøy (Nordland)" where two share a name). */
  municipalityLabel: string | null;
  /** The point is exactly a postal code's point from Erik Bolstad's data (to the URL's 6 decimals). */
  postalCodePoint: boolean;
  /** Local UTM in the zone of the municipality's county (else of the longitude), WGS84 and MGRS. */
  positions: PointPositions;
}

export async function describePoint(latitude: number, longitude: number): Promise<NearbyPoint> {
  const places = await loadPlaceReference();
  const municipality = await places.municipalityAt(longitude, latitude);
  return {
    municipality,
    municipalityLabel: municipality
      ? (places.municipalities.find((m) => m.ref.id === municipality.id)?.label ?? municipality.name)
      : null,
    postalCodePoint: places.postcodePointAt(longitude, latitude) !== undefined,
    positions: pointPositions(latitude, longitude, municipality?.id ?? null),
  };
}
