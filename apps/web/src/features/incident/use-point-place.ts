import { type MunicipalityRef, type PlaceAttribution, type PlaceCandidate, PlaceKind } from '@fast/contracts';
import { useQuery } from '@tanstack/react-query';
import { incidentQueries } from './incident-api.ts';
import type { IncidentPoint } from './incident-url.ts';

export interface PointPlace {
  /** The municipality the point lies in; null outside Norway; undefined while not known. */
  municipality: MunicipalityRef | null | undefined;
  /** Credit the point's source requires (a postal code's point). */
  attribution: PlaceAttribution | null;
}

/** Positions from the URL are written to six decimals: within that, a candidate is this point. */
const samePoint = (candidate: PlaceCandidate, point: IncidentPoint) =>
  Math.abs(candidate.latitude - point.latitude) < 5e-7 && Math.abs(candidate.longitude - point.longitude) < 5e-7;

/**
 * What the screen knows of its point besides its position: the chosen candidate when the user
 * has just picked one; for a point from a link (a shared URL, the map, a facility), the place
 * text asked again (its credit, when the same point comes back) and the point itself as a
 * coordinate (its municipality, from public reference data).
 */
export function usePointPlace(
  organisationNumber: string,
  point: IncidentPoint | null,
  query: string,
  chosen: PlaceCandidate | null,
): PointPlace {
  const known = chosen !== null && point !== null && samePoint(chosen, point);
  const asText = useQuery({
    ...incidentQueries.places(organisationNumber, query),
    enabled: !known && point !== null && query !== '',
  });
  const coordinate = `${point?.latitude.toFixed(6)}, ${point?.longitude.toFixed(6)}`;
  const asCoordinate = useQuery({ ...incidentQueries.places(organisationNumber, coordinate), enabled: !known && point !== null });
  if (!point) return { municipality: undefined, attribution: null };
  if (known) return { municipality: chosen.municipality, attribution: chosen.attribution ?? null };
  const fromText = asText.isPlaceholderData ? undefined : asText.data?.candidates.find((c) => samePoint(c, point));
  const fromCoordinate = asCoordinate.isPlaceholderData
    ? undefined
    : asCoordinate.data?.candidates.find((c) => c.kind === PlaceKind.COORDINATE && samePoint(c, point));
  return {
    municipality: fromCoordinate ? fromCoordinate.municipality : fromText ? fromText.municipality : undefined,
    attribution: fromText?.attribution ?? null,
  };
}
