import {
  compassDirection,
  type DocumentLanguageValue,
  type FacilityHazardDistances,
  formatRadius,
  hasMgrs,
  NEARBY_EXPORT_FILE_NAME,
  type NearbyRequest,
  POSTAL_CODE_POINT_ATTRIBUTION,
  pointUtmZone,
  utmReference,
} from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { AccessAction } from '../access-log/access-log.repository.ts';
import { toUtm } from '../facility/coordinates.ts';
import { osloDateTime } from '../facility/document-texts.ts';
import { degreesMinutes, mgrsReference } from '../hazard/position-formats.ts';
import type { Scope } from '../identity/identity.ts';
import { loadPlaceReference } from '../places/place-reference.ts';
import { EXPORT_TEXT } from '../search/export-texts.ts';
import {
  type AboutSheet,
  type Download,
  type DownloadLog,
  type ExportCell,
  type ExportColumn,
  workbookDownload,
} from '../search/export-workbook.ts';
import { findExportBatch } from '../search/search.repository.ts';
import { exportCells, exportChunks, exportColumns, substanceSummary } from '../search/search-export.service.ts';
import { searchReference } from '../search/search-reference.ts';
import { facilitiesWithin, hazardDistancesOf, type PlacedFacility } from './nearby.service.ts';

/**
 * Distance and direction from the point, the search export's columns, then the facility's largest
 * hazard distances (as the list has them).
 */
export function nearbyExportColumns(lang: DocumentLanguageValue): ExportColumn[] {
  const h = EXPORT_TEXT[lang].headers;
  return [
    { header: h.distance, width: 12, numFmt: '0' },
    { header: h.direction, width: 9 },
    ...exportColumns(lang),
    { header: h.isolation, width: 16, numFmt: '0' },
    { header: h.evacuation, width: 16, numFmt: '0' },
    { header: h.evacuationDay, width: 16, numFmt: '0' },
  ];
}

function distanceCells({ isolation, evacuation }: FacilityHazardDistances): ExportCell[] {
  return [isolation?.metres ?? null, evacuation?.metres ?? null, evacuation?.dayMetres ?? null];
}

/** The export's rows of `facilities` (nearest first), chunk by chunk as the search export reads them. */
async function nearbyRows(
  db: Db,
  scope: Scope,
  facilities: readonly PlacedFacility[],
  lang: DocumentLanguageValue,
): Promise<AsyncIterable<ExportCell[][]>> {
  const reference = await searchReference(db);
  return exportChunks(facilities, async (chunk) => {
    const rows = await findExportBatch(
      db,
      scope,
      chunk.map((f) => f.id),
    );
    const hazards = await hazardDistancesOf(
      db,
      rows.map((r) => [r.id, r.substances]),
      reference,
    );
    const rowOf = new Map(rows.map((r) => [r.id, r]));
    return chunk.flatMap((f) => {
      const row = rowOf.get(f.id);
      const distances = hazards.get(f.id);
      if (!row || !distances) return []; // gone or moved out of the scope since the positions were read
      const cells = exportCells(row, substanceSummary(row.substances, reference, lang), reference, lang);
      return [[Math.round(f.distanceMeters), compassDirection(f.bearingDegrees), ...cells, ...distanceCells(distances)]];
    });
  });
}

/**
 * The workbook's second sheet: the point the distances are measured from, in the notations the
 * screen shows (local UTM in the zone of its municipality's county), the radius, how many are
 * inside and exported, when, and the credits of the sources (Erik Bolstad's when the point is a
 * postal code's).
 */
async function nearbyAbout(
  { latitude, longitude, radiusMeters }: NearbyRequest,
  counts: { inside: number; exported: number },
  lang: DocumentLanguageValue,
  now: Date,
): Promise<AboutSheet> {
  const t = EXPORT_TEXT[lang].about;
  const places = await loadPlaceReference();
  const municipality = await places.municipalityAt(longitude, latitude);
  const zone = pointUtmZone(municipality?.id ?? null, longitude);
  const utm = toUtm(longitude, latitude, zone);
  const leftOut = counts.inside - counts.exported;
  const credits = [t.boundaries];
  if (places.postcodePointAt(longitude, latitude)) {
    credits.push(`${POSTAL_CODE_POINT_ATTRIBUTION.text} (${POSTAL_CODE_POINT_ATTRIBUTION.url})`);
  }
  return {
    sheetName: t.sheet,
    lines: [
      [t.localUtm(zone), utmReference(zone, latitude, utm.east, utm.north)],
      [t.wgs84, `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`],
      [t.wgs84Minutes, `${degreesMinutes(latitude, 'N', 'S')}  ${degreesMinutes(longitude, 'Ø', 'V')}`],
      ...(hasMgrs(latitude) ? [[t.mgrs, mgrsReference(longitude, latitude)] as const] : []),
      // Its display name: "Herøy (Nordland)" where two share a name.
      [
        t.municipality,
        (municipality && places.municipalities.find((m) => m.ref.id === municipality.id)?.label) ?? t.noMunicipality,
      ],
      [t.radius, formatRadius(radiusMeters)],
      [t.inside, String(counts.inside)],
      [t.exported, leftOut > 0 ? `${counts.exported} (${t.explosivesLeftOut(leftOut)})` : String(counts.exported)],
      [t.distances, t.distancesText],
      [t.fetched, t.fetchedText(osloDateTime(now))],
      [t.sources, credits.join('. ')],
    ],
  };
}

/**
 * POST /api/v1/facilities/nearby/export: every facility of the scope within the radius, nearest
 * first, as anlegg-i-naerheten.xlsx in the asked language (the same rows, read in the same chunks,
 * workbook writer and download path as the search export), and a sheet on the point and radius
 * (nearbyAbout). Explosives facilities are never exported; the export is logged.
 */
export async function exportNearby(
  db: Db,
  scope: Scope,
  request: NearbyRequest,
  lang: DocumentLanguageValue,
  log: DownloadLog,
): Promise<Download> {
  const { nearest } = await facilitiesWithin(db, scope, request, Number.POSITIVE_INFINITY);
  const exported = nearest.filter((f) => !f.is_explosives);
  const access = {
    userId: scope.userId,
    organisationNumber: scope.organisationNumber,
    action: AccessAction.EXPORT,
    facilityIds: exported.map((f) => f.id),
    detail: JSON.stringify({ nearby: request }),
  };
  const about = await nearbyAbout(request, { inside: nearest.length, exported: exported.length }, lang, new Date());
  return workbookDownload(
    { fileName: NEARBY_EXPORT_FILE_NAME, sheetName: EXPORT_TEXT[lang].sheets.nearby, access, about },
    nearbyExportColumns(lang),
    await nearbyRows(db, scope, exported, lang),
    log,
  );
}
