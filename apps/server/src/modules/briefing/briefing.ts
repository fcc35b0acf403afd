import {
  compassDirection,
  type DistanceSetter,
  type DocumentLanguageValue,
  type FacilityDetail,
  type ProtectiveZonesParameters,
  type ProtectiveZonesVulnerable,
  type SubstanceRow,
  type ZoneDistance,
} from '@fast/contracts';
import { startPdf } from '../documents/pdf-document.ts';
import { formatQuantity, isoDateText, MAJOR_ACCIDENT_TEXT, osloDateTime } from '../facility/document-texts.ts';
import { degreesMinutes, mgrsReference } from '../position/notations.ts';
import { VULNERABLE_TEXT, vulnerableSummary } from '../vulnerable-objects/vulnerable-texts.ts';
import { type BriefingMapView, drawBriefingMap, type MapShape, ringInUtm } from './briefing-map.ts';
import { BRIEFING_TEXT, type BriefingText } from './briefing-texts.ts';
import type { BriefingHazards, BriefingZones } from './briefing-zones.ts';

const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const MAP_SIZE = 240;
const GREY = '#555555';
const RULE = '#BBBBBB';
const ZONE_COLOURS = { isolation: '#C62828', protect: '#E67E22', fire: '#6A1B9A' } as const;
const FOOTER_HEIGHT = 44;
const NBSP = '\u00a0';

export function briefingTitle(facility: Pick<FacilityDetail, 'id' | 'name'>): string {
  return `Innsatsark ${facility.id}${facility.name ? ` ${facility.name}` : ''}`;
}

const whole = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * An ERG distance as the guidebook prints it: metres below a kilometre ("800 m"), kilometres with
 * one decimal from there ("1,3 km"); a figure that one decimal would round (the BLEVE table's
 * 1 323 m) stays in whole metres, so no distance is printed shorter than its table's.
 */
function ergDistance(metres: number): string {
  return metres >= 1000 && metres % 100 === 0
    ? `${oneDecimal.format(metres / 1000)}${NBSP}km`
    : `${whole.format(metres)}${NBSP}m`;
}

/** One line of the substance table, as printed. */
interface SubstanceLine {
  name: string;
  quantity: string;
  un: string;
  cls: string;
  plate: string;
  guide: string;
}

const substanceRows = (facility: FacilityDetail): SubstanceRow[] => facility.substanceGroups.flatMap((g) => g.substances);

function rowsOf(facility: FacilityDetail, nn: boolean): SubstanceLine[] {
  return substanceRows(facility).map((s) => {
    const name = nn ? s.nameNn : s.name;
    return {
      name: s.hazardDivision ? `${name} (${s.hazardDivision})` : name,
      quantity: formatQuantity(s.quantity, s.unit),
      un: s.unNumber,
      cls: s.hazard ? s.hazard.labels.join(' + ') : '–',
      plate: s.hazard?.hazardNumber ? `${s.hazard.hazardNumber}/${s.unNumber}` : '–',
      guide: s.hazard?.guide ? String(s.hazard.guide) : '–',
    };
  });
}

/** A zone in words: the bold head ("Isoler i alle retninger: 100 m"), the rest (who sets it, the source), its colour on the map. */
interface ZoneLine {
  colour: string | null;
  head: string;
  rest: string;
}

/** "ERG 2016, tabell 3, landbrukstank, svak vind", "ERG 2016, veiledning 125": where a figure comes from. */
function sourceText(
  t: BriefingText,
  source: { edition: string; table: ZoneDistance['table']; container?: DistanceSetter['container'] | null },
  guide: number | null,
  windClass: string | null,
): string {
  switch (source.table) {
    case '1':
      return t.source.table1(source.edition);
    case '3':
      return t.source.table3(source.edition, source.container ? t.containers[source.container] : null, windClass);
    case 'BLEVE':
      return t.source.bleve(source.edition);
    default:
      return t.source.guide(source.edition, guide);
  }
}

const degreesText = (degrees: number) => whole.format(Math.round(degrees) % 360);

/** The lines of the zones drawn from the protective-zones answer, then the facility's larger figures of other substances. */
function zoneLinesOf(facility: FacilityDetail, zones: BriefingZones, t: BriefingText, nn: boolean): ZoneLine[] {
  const p: ProtectiveZonesParameters = zones.response.parameters;
  const who = `${substanceName(facility, p, nn)} (UN ${p.unNumber})`;
  const wind = p.windSpeed ? t.windClass[p.windSpeed] : null;
  const source = (d: ZoneDistance) =>
    sourceText(t, { edition: p.edition, table: d.table, container: p.container }, p.guide, wind);
  const lines: ZoneLine[] = [
    {
      colour: ZONE_COLOURS.isolation,
      head: `${t.isolate}: ${ergDistance(p.isolation.metres)}`,
      rest: `${who}, ${source(p.isolation)}`,
    },
  ];
  const action = p.protectiveAction;
  if (action && action.metres > 0) {
    if (action.allDirections) {
      lines.push({
        colour: ZONE_COLOURS.protect,
        head: `${t.evacuateAll}: ${ergDistance(action.metres)}`,
        rest: `${who}, ${source(action)}`,
      });
    } else {
      const other = zones.otherDaylightMetres;
      const figures =
        action.table === 'guide'
          ? ergDistance(action.metres)
          : other === null
            ? `${ergDistance(action.metres)} ${t.daylightValue[p.daylight]}`
            : p.daylight === 'night'
              ? `${ergDistance(action.metres)} ${t.daylightValue.night} / ${ergDistance(other)} ${t.daylightValue.day}`
              : `${ergDistance(other)} ${t.daylightValue.night} / ${ergDistance(action.metres)} ${t.daylightValue.day}`;
      const drawn =
        zones.windGiven && p.windFromDegrees !== null && p.downwindDegrees !== null
          ? [
              t.drawnTowards(degreesText(p.downwindDegrees), compassDirection(p.downwindDegrees)),
              other === null ? null : t.drawnFor(t.daylightValue[p.daylight]),
            ]
              .filter(Boolean)
              .join(', ')
          : t.windNotGiven;
      lines.push({
        colour: zones.windGiven ? ZONE_COLOURS.protect : null,
        head: `${t.protect}: ${figures}`,
        rest: `${who}, ${source(action)} — ${drawn}${p.atmospheric ? `. ${t.atmospheric}` : ''}`,
      });
    }
  }
  if (p.fireIsolation) {
    lines.push({
      colour: ZONE_COLOURS.fire,
      head: t.fireIsolate(ergDistance(p.fireIsolation.metres)),
      rest: `${who}, ${source(p.fireIsolation)}`,
    });
  }
  // A larger figure of another substance is named, not drawn: the page draws one substance's zones.
  const { isolation, fire } = facility.hazardDistances;
  if (isolation && (isolation.unNumber !== p.unNumber || isolation.metres > p.isolation.metres)) {
    lines.push(setterLine(facility, t.largestIsolation, isolation, t, nn, true));
  }
  if (fire && (!p.fireIsolation || fire.unNumber !== p.unNumber || fire.metres > p.fireIsolation.metres)) {
    lines.push(setterLine(facility, t.largestFire, fire, t, nn, true));
  }
  lines.push({ colour: null, head: t.vulnerable, rest: vulnerableText(zones.response.vulnerableInside, t, nn ? 'nn' : 'nb') });
  return lines;
}

/** What each drawn zone holds of schools, kindergartens, care homes and hospitals, and the nearest of them. */
function vulnerableText(inside: ProtectiveZonesVulnerable, t: BriefingText, lang: DocumentLanguageValue): string {
  if (!inside.layer) return VULNERABLE_TEXT[lang].notLoaded;
  const zones = [
    [t.vulnerableIn.isolation, inside.isolation],
    [t.vulnerableIn.protectiveAction, inside.protectiveAction],
    [t.vulnerableIn.fire, inside.fire],
  ] as const;
  const parts = zones.flatMap(([label, zone]) => (zone ? [`${label}: ${vulnerableSummary(zone.totals, lang)}`] : []));
  const nearest = zones
    .flatMap(([, zone]) => (zone?.objects[0] ? [zone.objects[0]] : []))
    .sort((a, b) => a.distanceMeters - b.distanceMeters)[0];
  if (nearest)
    parts.push(
      t.vulnerableNearest(
        nearest.name,
        ergDistance(Math.round(nearest.distanceMeters)),
        compassDirection(nearest.bearingDegrees),
      ),
    );
  return `${parts.join('; ')}. ${inside.layer.source}.`;
}

/** The substance's name as the facility's register calls it (as in its substance table), else the card's. */
function substanceName(
  facility: FacilityDetail,
  p: Pick<ProtectiveZonesParameters, 'unNumber' | 'name' | 'nameNn'>,
  nn: boolean,
) {
  const row = substanceRows(facility).find((s) => s.unNumber === p.unNumber);
  return nn ? (row?.nameNn ?? p.nameNn) : (row?.name ?? p.name);
}

const guideOf = (facility: FacilityDetail, unNumber: string) =>
  substanceRows(facility).find((s) => s.unNumber === unNumber)?.hazard?.guide ?? null;

/** A facility's largest distance in words (no zone drawn): who sets it and the table, read as the facility's figures are. */
function setterLine(
  facility: FacilityDetail,
  label: string,
  setter: DistanceSetter,
  t: BriefingText,
  nn: boolean,
  notDrawn: boolean,
): ZoneLine {
  const who = `${nn ? setter.nameNn : setter.name} (UN ${setter.unNumber})`;
  // The facility's Table 3 figures are read at low wind, the row's largest.
  const source = sourceText(t, setter, guideOf(facility, setter.unNumber), setter.table === '3' ? t.windClass.low : null);
  return {
    colour: null,
    head: `${label}: ${ergDistance(setter.metres)}`,
    rest: `${who}, ${source}${notDrawn ? ` (${t.notDrawn})` : ''}`,
  };
}

/** Without a position (so no zones): the facility's largest distances in words. */
function setterLinesOf(facility: FacilityDetail, t: BriefingText, nn: boolean): ZoneLine[] {
  const { isolation, evacuation, fire } = facility.hazardDistances;
  const lines: ZoneLine[] = [];
  if (isolation) lines.push(setterLine(facility, t.isolate, isolation, t, nn, false));
  if (evacuation) {
    if (evacuation.allDirections) lines.push(setterLine(facility, t.evacuateAll, evacuation, t, nn, false));
    else {
      const line = setterLine(facility, t.protect, evacuation, t, nn, false);
      const figures =
        evacuation.dayMetres === undefined
          ? ergDistance(evacuation.metres)
          : `${ergDistance(evacuation.metres)} ${t.daylightValue.night} / ${ergDistance(evacuation.dayMetres)} ${t.daylightValue.day}`;
      lines.push({ ...line, head: `${t.protect}: ${figures}`, rest: `${line.rest} — ${t.windNotGiven}` });
    }
  }
  if (fire) lines.push({ ...setterLine(facility, '', fire, t, nn, false), head: t.fireIsolate(ergDistance(fire.metres)) });
  return lines;
}

/** The shapes of the zones on the map, in UTM; the downwind square only where the wind direction was given. */
function shapesOf(zones: BriefingZones, zone: Parameters<typeof ringInUtm>[1], t: BriefingText): MapShape[] {
  const { response, windGiven } = zones;
  const p = response.parameters;
  const shapes: MapShape[] = [];
  if (response.fire) {
    const metres = Math.max(p.fireIsolation?.metres ?? 0, p.bleve?.metres ?? 0);
    shapes.push({
      ring: ringInUtm(response.fire, zone),
      colour: ZONE_COLOURS.fire,
      fill: false,
      dashed: true,
      label: `${t.mapFire} ${ergDistance(metres)}`,
      labelAt: 'bottom',
    });
  }
  const action = p.protectiveAction;
  if (response.protectiveAction && action && (action.allDirections || windGiven)) {
    shapes.push({
      ring: ringInUtm(response.protectiveAction, zone),
      colour: ZONE_COLOURS.protect,
      fill: true,
      dashed: false,
      label: `${action.allDirections ? t.mapEvacuate : t.mapProtect} ${ergDistance(action.metres)}`,
      labelAt: action.allDirections ? 'bottom' : 'centre',
    });
  }
  shapes.push({
    ring: ringInUtm(response.isolation, zone),
    colour: ZONE_COLOURS.isolation,
    fill: true,
    dashed: false,
    label: `${t.mapIsolation} ${ergDistance(p.isolation.metres)}`,
    labelAt: 'top',
  });
  return shapes;
}

type Put = (
  text: string,
  x: number,
  y: number,
  width: number,
  options: { size: number; font?: 'regular' | 'bold'; color?: string; align?: 'left' | 'right' | 'center' },
) => void;

/**
 * The one-page briefing (innsatsark) of a facility: identity and position in four forms, owner,
 * units, major-accident status and last inspection; the zones of the substance that sets its
 * largest protective distance as the user set them on the screen (a map zoomed to the isolation,
 * an overview inset where the large zones need another scale, each distance in words with its
 * edition and table); the guide's essentials; a BLEVE table where a flammable gas is stored; and
 * every substance with quantity, UN number, class, orange plate and ERG guide. Long lists get
 * smaller type, then two columns; what still does not fit is named.
 */
export async function renderBriefing(
  facility: FacilityDetail,
  hazards: BriefingHazards,
  madeAt: Date,
  madeBy: string,
  lang: DocumentLanguageValue,
): Promise<Buffer> {
  const t: BriefingText = BRIEFING_TEXT[lang];
  const nn = lang === 'nn';
  const { doc, done } = await startPdf({ title: briefingTitle(facility), lang, createdAt: madeAt, margin: PAGE.margin });

  const left = PAGE.margin;
  const contentWidth = PAGE.width - 2 * PAGE.margin;
  const bottom = PAGE.height - PAGE.margin - FOOTER_HEIGHT;
  // Every text is placed explicitly, with a height, so that nothing flows onto a second page.
  const put: Put = (text, x, y, width, options) => {
    doc
      .font(options.font ?? 'regular')
      .fontSize(options.size)
      .fillColor(options.color ?? '#000000')
      .text(text, x, y, { width, height: options.size * 1.3, ellipsis: true, align: options.align ?? 'left' });
  };
  const measure = (text: string, width: number, size: number, font: 'regular' | 'bold' = 'regular') =>
    doc.font(font).fontSize(size).heightOfString(text, { width });
  /** A paragraph that may wrap; answers its height. */
  const paragraph = (
    text: string,
    x: number,
    y: number,
    width: number,
    options: { size: number; font?: 'regular' | 'bold'; color?: string; align?: 'left' | 'center' },
  ) => {
    const height = measure(text, width, options.size, options.font);
    doc
      .font(options.font ?? 'regular')
      .fontSize(options.size)
      .fillColor(options.color ?? '#000000')
      .text(text, x, y, { width, height: height + 1, align: options.align ?? 'left' });
    return height;
  };

  // Header
  put(t.title.toUpperCase(), left, PAGE.margin, contentWidth / 2, { size: 16, font: 'bold' });
  put(t.restricted, left + contentWidth / 2, PAGE.margin + 3, contentWidth / 2, {
    size: 9,
    font: 'bold',
    color: ZONE_COLOURS.isolation,
    align: 'right',
  });
  put(facility.name ?? `${t.facility} ${facility.id}`, left, PAGE.margin + 22, contentWidth, { size: 13, font: 'bold' });

  // Facts, left of the map
  const top = PAGE.margin + 42;
  const factsWidth = contentWidth - MAP_SIZE - 12;
  const labelWidth = 106;
  let y = top;
  const fact = (label: string, value: string) => {
    put(label, left, y, labelWidth - 4, { size: 7.5, font: 'bold', color: GREY });
    const height = paragraph(value, left + labelWidth, y, factsWidth - labelWidth, { size: 8 });
    y += Math.max(11, height + 1.5);
  };
  const a = facility.address;
  const place = [a.postalCode, a.postalPlace].filter(Boolean).join(' ');
  fact(t.id, String(facility.id));
  fact(t.address, [a.street, place].filter(Boolean).join(', ') || t.notGiven);
  fact(t.municipality, `${a.municipality.name} (${a.municipality.id}), ${a.county.name}`);
  const position = facility.position;
  if (position) {
    const { localUtm, wgs84 } = position;
    fact(t.utm(localUtm.zone), `N ${Math.round(localUtm.north)}  Ø ${Math.round(localUtm.east)}`);
    fact(t.wgs84, `${wgs84.lat.toFixed(6)}, ${wgs84.lon.toFixed(6)}`);
    fact(t.wgs84Dm, `${degreesMinutes(wgs84.lat, 'N', 'S')}  ${degreesMinutes(wgs84.lon, 'Ø', 'V')}`);
    fact(t.mgrs, mgrsReference(wgs84.lon, wgs84.lat));
  } else {
    fact(t.utm(33), t.noPosition);
  }
  const org = (name: string | null, number: string | null) =>
    [name, number ? `${t.orgNo} ${number}` : null].filter(Boolean).join(', ');
  fact(t.owner, org(facility.client.owner, facility.organisationNumber));
  if (facility.client.name) fact(t.client, org(facility.client.name, facility.client.organisationNumber));
  fact(
    t.units,
    facility.units.map((u) => (nn ? u.type.descriptionNn : u.type.description) + (u.name ? ` (${u.name})` : '')).join('; ') ||
      '–',
  );
  fact(t.majorAccident, MAJOR_ACCIDENT_TEXT[lang][facility.majorAccident]);
  const lastInspection = facility.inspections
    .map((i) => i.inspectedOn)
    .filter((d): d is string => d !== null)
    .sort()
    .pop();
  fact(t.lastInspection, lastInspection ? isoDateText(lastInspection) : t.noInspection);

  // The zones' settings, as on the screen
  const zones = hazards.zones;
  if (zones) {
    const p = zones.response.parameters;
    y += 5;
    doc
      .moveTo(left, y - 3)
      .lineTo(left + factsWidth, y - 3)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    fact(t.spill, t.spillValue[p.spill]);
    fact(t.fire, t.fireValue(p.fire));
    const windClass = p.windSpeed ? t.windClass[p.windSpeed] : null;
    const windValue = [
      zones.windGiven && p.windFromDegrees !== null
        ? t.windFrom(degreesText(p.windFromDegrees), compassDirection(p.windFromDegrees))
        : t.windNotGiven,
      windClass && !zones.windSpeedGiven ? t.windClassAssumed(windClass) : windClass,
    ]
      .filter(Boolean)
      .join(', ');
    // The wind matters to a downwind zone and to Table 3's figures; an all-around zone needs none.
    const downwind = p.protectiveAction !== null && !p.protectiveAction.allDirections;
    if (zones.windGiven || downwind || windClass) fact(t.wind, windValue);
    fact(
      t.daylight,
      `${t.daylightValue[p.daylight]} (${p.daylightBasis === 'given' ? t.daylightGiven : `${t.daylightBySun}, ${osloDateTime(madeAt)}`})`,
    );
  }

  // The map, right of the facts
  const mapX = left + contentWidth - MAP_SIZE;
  if (position) {
    const view: BriefingMapView = {
      x: mapX,
      y: top,
      size: MAP_SIZE,
      longitude: position.wgs84.lon,
      latitude: position.wgs84.lat,
      zone: position.localUtm.zone,
      east: position.localUtm.east,
      north: position.localUtm.north,
    };
    const p = zones?.response.parameters;
    await drawBriefingMap(doc, view, zones ? shapesOf(zones, position.localUtm.zone, t) : [], {
      isolationMetres: p?.isolation.metres ?? null,
      windFromDegrees: zones?.windGiven ? (p?.windFromDegrees ?? null) : null,
      downwind: p?.protectiveAction ? !p.protectiveAction.allDirections : false,
      text: t,
    });
  } else {
    doc.rect(mapX, top, MAP_SIZE, MAP_SIZE).fillColor('#EEEEEE').fill();
    doc.rect(mapX, top, MAP_SIZE, MAP_SIZE).lineWidth(0.8).strokeColor(GREY).stroke();
    put(t.noMap, mapX + 10, top + MAP_SIZE / 2 - 5, MAP_SIZE - 20, { size: 8, color: GREY, align: 'center' });
  }
  y = Math.max(y, top + MAP_SIZE) + 10;

  // The zones in words, each with the substance, edition and table
  const lines = zones ? zoneLinesOf(facility, zones, t, nn) : setterLinesOf(facility, t, nn);
  const zonesTop = y;
  if (zones) {
    const p = zones.response.parameters;
    put(t.zonesFor(substanceName(facility, p, nn), p.unNumber), left, y, contentWidth, { size: 10, font: 'bold' });
    y += 14;
  }
  const swatch = 12;
  const lineSize = 8;
  if (lines.length === 0) {
    put(t.noDistance, left + swatch, y, contentWidth - swatch, { size: lineSize, font: 'bold' });
    y += 12;
  }
  for (const line of lines) {
    if (line.colour) {
      doc
        .rect(left + 1, y + 1.5, 7, 7)
        .fillColor(line.colour)
        .fillOpacity(0.35)
        .fill()
        .fillOpacity(1);
      doc
        .rect(left + 1, y + 1.5, 7, 7)
        .lineWidth(0.8)
        .strokeColor(line.colour)
        .stroke();
    }
    const text = `${line.head} — ${line.rest}`;
    const height = measure(text, contentWidth - swatch, lineSize, 'bold');
    doc
      .font('bold')
      .fontSize(lineSize)
      .fillColor('#000000')
      .text(`${line.head} `, left + swatch, y, { width: contentWidth - swatch, height: height + 1, continued: true })
      .font('regular')
      .text(`— ${line.rest}`);
    y += height + 2;
  }
  const bleve = hazards.bleve;
  if (bleve) {
    const rows = bleve.rows
      .map((r) => `${whole.format(r.capacityLitres)}${NBSP}l:${NBSP}${ergDistance(r.evacuationM)}`)
      .join(' · ');
    const rest = `${rows} — ${nn ? bleve.nameNn : bleve.name} (UN ${bleve.unNumber}), ${t.source.bleve(bleve.edition)}`;
    const height = measure(`${t.bleve}: ${rest}`, contentWidth - swatch, lineSize, 'bold');
    doc
      .font('bold')
      .fontSize(lineSize)
      .fillColor('#000000')
      .text(`${t.bleve}: `, left + swatch, y, { width: contentWidth - swatch, height: height + 1, continued: true })
      .font('regular')
      .text(rest);
    y += height + 2;
  }
  doc
    .rect(left - 4, zonesTop - 4, contentWidth + 8, y - zonesTop + 4)
    .lineWidth(0.8)
    .strokeColor(ZONE_COLOURS.isolation)
    .stroke();
  y += 8;

  // What to do: the guide's essentials, in type as large as leaves room for the substances
  const rows = rowsOf(facility, nn);
  const guide = hazards.guide;
  const essentials = guide ? (nn ? guide.essentials.nn : guide.essentials.nb) : null;
  const sections = essentials
    ? (['fire', 'health', 'publicSafety', 'protection', 'firstActions'] as const)
        .map((key) => ({ label: t.essentialLabels[key], items: essentials[key] }))
        .filter((s) => s.items.length > 0)
    : [];
  const gap = 14;
  const columnWidth = (contentWidth - gap) / 2;
  const bullet = 8;
  const sectionHeight = (s: (typeof sections)[number], size: number) =>
    size * 1.35 + s.items.reduce((sum, item) => sum + measure(item, columnWidth - bullet, size) + 1.5, 0) + 4;
  const essentialsLayout = (size: number) => {
    const heights = sections.map((s) => sectionHeight(s, size));
    const total = heights.reduce((sum, h) => sum + h, 0);
    // Sections in order down the left column until it holds half, the rest on the right.
    let split = 0;
    let leftHeight = 0;
    while (split < heights.length && leftHeight + (heights[split] ?? 0) / 2 <= total / 2) leftHeight += heights[split++] ?? 0;
    return { split, height: Math.max(leftHeight, total - leftHeight) };
  };
  const tableHeadingHeight = 15;
  let essentialsSize = 6.5;
  const note = guide ? t.essentialsSource(guide.edition) : '';
  const noteWidth = doc.font('regular').fontSize(7).widthOfString(note) + 2;
  const heading = guide ? t.essentials(guide.guide, nn ? guide.title.nn : guide.title.nb) : '';
  const headingHeight = measure(heading, contentWidth - noteWidth - 10, 10, 'bold') + 4;
  for (const size of [10.5, 10, 9.5, 9, 8.5, 8, 7.5, 7, 6.5]) {
    const height = sections.length > 0 ? headingHeight + essentialsLayout(size).height + 4 : 26;
    if (rows.length === 0 || tableLayout(rows.length, y + height + tableHeadingHeight, bottom)) {
      essentialsSize = size;
      break;
    }
  }
  if (guide && sections.length > 0) {
    paragraph(heading, left, y, contentWidth - noteWidth - 10, { size: 10, font: 'bold' });
    put(note, left + contentWidth - noteWidth, y + 2.5, noteWidth, { size: 7, color: GREY });
    y += headingHeight;
    const { split, height } = essentialsLayout(essentialsSize);
    for (const [column, part] of [sections.slice(0, split), sections.slice(split)].entries()) {
      const x = left + column * (columnWidth + gap);
      let cy = y;
      for (const section of part) {
        put(section.label, x, cy, columnWidth, { size: essentialsSize, font: 'bold', color: GREY });
        cy += essentialsSize * 1.35;
        for (const item of section.items) {
          doc
            .font('regular')
            .fontSize(essentialsSize)
            .fillColor('#000000')
            .text('•', x + 1, cy, { width: bullet, lineBreak: false });
          cy += paragraph(item, x + bullet, cy, columnWidth - bullet, { size: essentialsSize }) + 1.5;
        }
        cy += 4;
      }
    }
    y += height + 4;
  } else {
    put(t.noGuide, left, y, contentWidth, { size: 9 });
    y += 26;
  }

  // Substances
  put(t.substances, left, y, contentWidth, { size: 11, font: 'bold' });
  y += tableHeadingHeight;
  if (rows.length === 0) {
    put(t.noSubstances, left, y, contentWidth, { size: 9 });
  } else {
    drawSubstanceTable(doc, t, rows, left, y, contentWidth, bottom, put);
  }

  // Footer
  const footerY = PAGE.height - PAGE.margin - FOOTER_HEIGHT + 6;
  doc
    .moveTo(left, footerY - 4)
    .lineTo(left + contentWidth, footerY - 4)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  put(t.restricted, left, footerY, contentWidth, { size: 10, font: 'bold', color: ZONE_COLOURS.isolation, align: 'center' });
  // Every figure comes from one edition's tables: the zones', else the BLEVE table's or a substance row's.
  const ergEdition =
    hazards.zones?.response.parameters.edition ??
    hazards.bleve?.edition ??
    facility.substanceGroups.flatMap((g) => g.substances).find((s) => s.hazard?.edition)?.hazard?.edition ??
    null;
  // A loaded ADR Table A may lack some UN numbers, which keep the bundled edition's facts.
  const adrEditions = [
    ...new Set(facility.substanceGroups.flatMap((g) => g.substances).flatMap((s) => (s.hazard ? [s.hazard.adrEdition] : []))),
  ].sort((a, b) => b.localeCompare(a));
  paragraph(`${t.made(osloDateTime(madeAt), madeBy)} ${t.sources(ergEdition, adrEditions)}`, left, footerY + 14, contentWidth, {
    size: 6.5,
    color: GREY,
    align: 'center',
  });

  doc.end();
  return done;
}

const LAYOUTS = [
  { size: 8.5, columns: 1 },
  { size: 7.5, columns: 1 },
  { size: 6.5, columns: 1 },
  { size: 6.5, columns: 2 },
  { size: 6, columns: 2 },
] as const;
type Layout = (typeof LAYOUTS)[number];
const rowHeight = (size: number) => size + 3.5;
const capacity = (layout: Layout, top: number, bottom: number, reserve: number) =>
  Math.floor((bottom - top - rowHeight(layout.size) - reserve) / rowHeight(layout.size)) * layout.columns;

/** The first layout that holds every row between top and bottom; undefined when none does. */
function tableLayout(count: number, top: number, bottom: number): Layout | undefined {
  return LAYOUTS.find((l) => capacity(l, top, bottom, 0) >= count);
}

/** Column widths of the substance table for a given total width (name takes the rest). */
function columns(width: number, fontSize: number) {
  const unit = fontSize / 8;
  const fixed = { quantity: 62 * unit, un: 28 * unit, cls: 58 * unit, plate: 50 * unit, guide: 24 * unit };
  const name = width - Object.values(fixed).reduce((a, b) => a + b, 0);
  return { name, ...fixed };
}

/** One column at 8.5, 7.5 or 6.5 pt; then two columns at 6.5 or 6 pt; whatever still does not fit is counted. */
function drawSubstanceTable(
  doc: PDFKit.PDFDocument,
  t: BriefingText,
  rows: SubstanceLine[],
  x: number,
  top: number,
  width: number,
  bottom: number,
  put: Put,
) {
  let layout = tableLayout(rows.length, top, bottom);
  let shown = rows;
  let omitted = 0;
  if (!layout) {
    layout = LAYOUTS[LAYOUTS.length - 1] as Layout;
    const fits = Math.max(0, capacity(layout, top, bottom, 12));
    shown = rows.slice(0, fits);
    omitted = rows.length - fits;
  }
  const gap = 12;
  const columnWidth = (width - gap * (layout.columns - 1)) / layout.columns;
  const perColumn = Math.ceil(shown.length / layout.columns);
  const w = columns(columnWidth, layout.size);
  const h = rowHeight(layout.size);
  for (let c = 0; c < layout.columns; c++) {
    const cx = x + c * (columnWidth + gap);
    let cy = top;
    const cells = (r: SubstanceLine | null, font: 'regular' | 'bold') => {
      const values = r ?? { name: t.substance, quantity: t.quantity, un: t.un, cls: t.cls, plate: t.plate, guide: t.guide };
      let px = cx;
      for (const key of ['name', 'quantity', 'un', 'cls', 'plate', 'guide'] as const) {
        put(values[key], px, cy, w[key] - 3, { size: layout.size, font, align: key === 'quantity' ? 'right' : 'left' });
        px += w[key];
      }
      doc
        .moveTo(cx, cy + h - 1.5)
        .lineTo(cx + columnWidth, cy + h - 1.5)
        .lineWidth(0.4)
        .strokeColor(RULE)
        .stroke();
      cy += h;
    };
    cells(null, 'bold');
    for (const r of shown.slice(c * perColumn, (c + 1) * perColumn)) cells(r, 'regular');
  }
  if (omitted > 0) put(t.omitted(omitted), x, bottom - 10, width, { size: 7.5, font: 'bold', color: ZONE_COLOURS.isolation });
}
