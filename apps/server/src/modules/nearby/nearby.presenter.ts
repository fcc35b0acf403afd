import type { FacilityHazardDistances, NearbyResponse } from '@fast/contracts';
import { presentSubstanceTotal } from '../map/map.presenter.ts';
import type { NearbyResult } from './nearby.service.ts';

const decimetres = (metres: number) => Math.round(metres * 10) / 10;
const tenthOfDegree = (degrees: number) => (Math.round(degrees * 10) / 10) % 360;

/**
 * The nearby answer as JSON text (a NearbyResponse): each facility the database's JSON of what it
 * shows (findNearbyListing, its members named there one by one) with what the app measured: the
 * position the distance is from, the distance to the decimetre, the bearing to a tenth of a degree
 * and the hazard distances. Written as text because at thousands of facilities the rows made into
 * objects and back into JSON cost as much as the statements; the API tests check every answer
 * against the response schema, which is the allow-list (no property more, none missing). A number
 * in a template is written as JSON.stringify writes it. Many facilities store the same substances:
 * each set of hazard distances is written once.
 */
export function presentNearby({ request, count, listed, totals }: NearbyResult): string {
  const hazardsJson = new Map<FacilityHazardDistances, string>();
  const hazards = (distances: FacilityHazardDistances) => {
    let json = hazardsJson.get(distances);
    if (json === undefined) {
      json = JSON.stringify(distances);
      hazardsJson.set(distances, json);
    }
    return json;
  };
  const facilities = listed.map(
    (f) =>
      `{"id":${f.id},${f.json.members},"latitude":${f.latitude},"longitude":${f.longitude},"distanceMeters":${decimetres(f.distanceMeters)},"bearingDegrees":${tenthOfDegree(f.bearingDegrees)},"substances":${f.json.substances},"hazardDistances":${hazards(f.hazardDistances)}}`,
  );
  const rest: Omit<NearbyResponse, 'facilities'> = {
    center: { latitude: request.latitude, longitude: request.longitude },
    radiusMeters: request.radiusMeters,
    totalCount: count,
    substanceTotals: totals.map(presentSubstanceTotal),
  };
  // The facilities spliced in as the object's first member.
  return `{"facilities":[${facilities.join(',')}],${JSON.stringify(rest).slice(1)}`;
}
