import {
  compassDirection,
  type DocumentLanguageValue,
  type FacilityHazardDistances,
  formatRadius,
  NEARBY_EXPORT_FILE_NAME,
  type NearbyRequest,
  POSTAL_CODE_POINT_ATTRIBUTION,
} from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { searchReference } from '../catalogue/search-reference.ts';
import { EXPORT_TEXT } from '../exports/export-texts.ts';
import {
  type AboutSheet,
  type Download,
  type DownloadLog,
  type ExportCell,
  type ExportColumn,
  workbookDownload,
} from '../exports/export-workbook.ts';
import { exportCells, exportChunks, exportColumns, substanceSummary } from '../exports/facility-export.ts';
import { osloDateTime } from '../facility/document-texts.ts';
import { hazardDistancesOf } from '../facility/facility-hazard-distances.ts';
import { findExportBatch } from '../facility/facility-rows.repository.ts';
import type { Scope } from '../identity/identity.ts';
import { degreesMinutes } from '../position/notations.ts';
import { vulnerableWithin } from '../vulnerable-objects/vulnerable-objects.service.ts';
import { vulnerableSheet, vulnerableSourceLine } from '../vulnerable-objects/vulnerable-sheet.ts';
import { facilitiesWithin, type PlacedFacility } from './nearby.service.ts';
import { describePoint } from './nearby-point.ts';

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
  const { municipalityLabel, postalCodePoint, positions } = await describePoint(latitude, longitude);
  const leftOut = counts.inside - counts.exported;
  const credits = [t.boundaries];
  if (postalCodePoint) credits.push(`${POSTAL_CODE_POINT_ATTRIBUTION.text} (${POSTAL_CODE_POINT_ATTRIBUTION.url})`);
  return {
    sheetName: t.sheet,
    lines: [
      [t.localUtm(positions.utm.zone), positions.utm.text],
      [t.wgs84, positions.wgs84],
      [t.wgs84Minutes, `${degreesMinutes(latitude, 'N', 'S')}  ${degreesMinutes(longitude, 'Ø', 'V')}`],
      ...(positions.mgrs ? [[t.mgrs, positions.mgrs] as const] : []),
      // Its display name: "Herøy (Nordland)" where two share a name.
      [t.municipality, municipalityLabel ?? t.noMunicipality],
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
  // For the access log: the route declares the action, the caller is the request's.
  const access = {
    facilityIds: exported.map((f) => f.id),
    detail: JSON.stringify({ nearby: request }),
  };
  const [about, vulnerable] = await Promise.all([
    nearbyAbout(request, { inside: nearest.length, exported: exported.length }, lang, new Date()),
    vulnerableWithin(db, request),
  ]);
  // The schools, kindergartens, care homes and hospitals inside the radius: a sheet, and their count with the point.
  const aboutWithVulnerable = { ...about, lines: [...about.lines, vulnerableSourceLine(vulnerable, request.radiusMeters, lang)] };
  return workbookDownload(
    {
      fileName: NEARBY_EXPORT_FILE_NAME,
      sheetName: EXPORT_TEXT[lang].sheets.nearby,
      access,
      about: aboutWithVulnerable,
      tables: [vulnerableSheet(vulnerable, lang)],
    },
    nearbyExportColumns(lang),
    await nearbyRows(db, scope, exported, lang),
    log,
  );
}
