import { haversineMetres, type MapZoneRequest } from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { drawnZone } from '../drawn-zones/drawn-zone.ts';
import { type GroupTotalRow, type PlacedSummaryRow, substanceTotals } from '../facility/facility-summaries.repository.ts';
import type { Scope } from '../identity/identity.ts';
import { findFacilitiesInBox } from './map.repository.ts';

export interface ZoneContents {
  /** Every facility of the scope inside the zone, nearest to its centre first. */
  facilities: (PlacedSummaryRow & { distance: number })[];
  totals: GroupTotalRow[];
}

/** The scope's facilities inside a drawn zone, and what they store. */
export async function zoneContents(db: Db, scope: Scope, request: MapZoneRequest): Promise<ZoneContents> {
  const zone = drawnZone(request);
  const candidates = await findFacilitiesInBox(db, scope, zone.bbox);
  const facilities = candidates
    .filter((f) => zone.contains([f.longitude, f.latitude]))
    .map((f) => ({ ...f, distance: haversineMetres(zone.center, [f.longitude, f.latitude]) }))
    .sort((a, b) => a.distance - b.distance || a.id - b.id);
  const totals = await substanceTotals(
    db,
    facilities.map((f) => f.id),
  );
  return { facilities, totals };
}
