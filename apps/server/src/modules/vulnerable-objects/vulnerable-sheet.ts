import { compassDirection, type DocumentLanguageValue, formatRadius, type VulnerableWithinResponse } from '@fast/contracts';
import { EXPORT_TEXT } from '../exports/export-texts.ts';
import type { TableSheet } from '../exports/export-workbook.ts';
import { capacityUnit, kindName, VULNERABLE_TEXT, vulnerableSummary } from './vulnerable-texts.ts';

/** An export's sheet of the vulnerable objects inside its radius, nearest first, with distance and direction. */
export function vulnerableSheet(answer: VulnerableWithinResponse, lang: DocumentLanguageValue): TableSheet {
  const t = VULNERABLE_TEXT[lang];
  const h = EXPORT_TEXT[lang].headers;
  return {
    sheetName: t.sheet,
    columns: [
      { header: h.distance, width: 12, numFmt: '0' },
      { header: h.direction, width: 9 },
      { header: t.headers.kind, width: 14 },
      { header: t.headers.name, width: 40 },
      { header: t.headers.address, width: 40 },
      { header: t.headers.capacity, width: 11, numFmt: '0' },
      { header: t.headers.unit, width: 10 },
      { header: h.latitude, width: 18 },
      { header: h.longitude, width: 18 },
      { header: t.headers.sourceId, width: 18 },
    ],
    rows: answer.objects.map((o) => [
      Math.round(o.distanceMeters),
      compassDirection(o.bearingDegrees),
      kindName(o.kind, lang),
      o.name,
      o.address,
      o.capacity,
      o.capacity === null ? null : capacityUnit(o.kind, lang, o.capacity),
      o.latitude,
      o.longitude,
      o.sourceId,
    ]),
  };
}

/** The about sheet's line: "Innenfor 1 km: 2 barnehager (134 barn), …", with the layer's version and source. */
export function vulnerableSourceLine(
  answer: VulnerableWithinResponse,
  radiusMeters: number,
  lang: DocumentLanguageValue,
): readonly [string, string] {
  const t = VULNERABLE_TEXT[lang];
  if (!answer.layer) return [t.source, t.notLoaded];
  const summary = `${t.within(formatRadius(radiusMeters))}: ${vulnerableSummary(answer.totals, lang)}`;
  return [t.source, `${summary}. ${answer.layer.source}, ${t.version} ${answer.layer.version}.`];
}
