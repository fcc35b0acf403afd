import type { DocumentLanguageValue, FacilityDetail, SubstanceRow } from '@fast/contracts';
import { startPdf } from '../documents/pdf-document.ts';
import { formatQuantity, isoDateText, MAJOR_ACCIDENT_TEXT, osloDateTime } from '../facility/document-texts.ts';
import { landInWindow } from './briefing-map.ts';
import { BRIEFING_TEXT, type BriefingText } from './briefing-texts.ts';
import { degreesMinutes, mgrsReference } from './position-formats.ts';

const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const MAP = { size: 200 };
const GREY = '#555555';
const RULE = '#BBBBBB';
const SEA = '#DCEBF5';
const LAND = '#F4F1E8';
const BORDER = '#9A9A9A';
const ISOLATION = '#C62828';
const EVACUATION = '#E67E22';
const FOOTER_HEIGHT = 34;

export function briefingTitle(facility: Pick<FacilityDetail, 'id' | 'name'>): string {
  return `Innsatsark ${facility.id}${facility.name ? ` ${facility.name}` : ''}`;
}

const whole = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 });
const metres = (m: number) => `${whole.format(m)} m`;

/** One line of the substance table, as printed. */
interface SubstanceLine {
  name: string;
  quantity: string;
  un: string;
  cls: string;
  plate: string;
  guide: string;
}

function rowsOf(facility: FacilityDetail, nn: boolean): SubstanceLine[] {
  const rows: SubstanceLine[] = [];
  for (const group of facility.substanceGroups)
    for (const s of group.substances as SubstanceRow[]) {
      const name = nn ? s.nameNn : s.name;
      rows.push({
        name: s.hazardDivision ? `${name} (${s.hazardDivision})` : name,
        quantity: formatQuantity(s.quantity, s.unit),
        un: s.unNumber,
        cls: s.hazard ? s.hazard.labels.join(' + ') : '–',
        plate: s.hazard?.hazardNumber ? `${s.hazard.hazardNumber}/${s.unNumber}` : '–',
        guide: s.hazard?.guide ? String(s.hazard.guide) : '–',
      });
    }
  return rows;
}

/** Column widths of the substance table for a given total width (name takes the rest). */
function columns(width: number, fontSize: number) {
  const unit = fontSize / 8;
  const fixed = { quantity: 62 * unit, un: 28 * unit, cls: 58 * unit, plate: 50 * unit, guide: 24 * unit };
  const name = width - Object.values(fixed).reduce((a, b) => a + b, 0);
  return { name, ...fixed };
}

/** Niceness for the scale bar: the largest round length that fits in a quarter of the window. */
function scaleBarLength(windowM: number): number {
  const candidates = [50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000];
  return candidates.filter((c) => c <= windowM / 4).pop() ?? 50;
}

/**
 * The one-page briefing (innsatsark) of a facility: identity and position in four forms, owner,
 * units, major-accident status and last inspection, the largest isolation and evacuation distances,
 * a vector map with both rings, and every substance with quantity, UN number, class, orange plate
 * and ERG guide. Long lists get smaller type, then two columns; what still does not fit is named.
 */
export async function renderBriefing(
  facility: FacilityDetail,
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
  // Every text is placed explicitly and never wraps onto a new page.
  const put = (
    text: string,
    x: number,
    y: number,
    width: number,
    options: { size: number; font?: 'regular' | 'bold'; color?: string; align?: 'left' | 'right' | 'center' },
  ) => {
    doc
      .font(options.font ?? 'regular')
      .fontSize(options.size)
      .fillColor(options.color ?? '#000000')
      .text(text, x, y, { width, height: options.size * 1.3, ellipsis: true, align: options.align ?? 'left' });
  };

  // Header
  put(t.title.toUpperCase(), left, PAGE.margin, contentWidth / 2, { size: 16, font: 'bold' });
  put(t.restricted, left + contentWidth / 2, PAGE.margin + 3, contentWidth / 2, {
    size: 9,
    font: 'bold',
    color: ISOLATION,
    align: 'right',
  });
  put(facility.name ?? `${t.facility} ${facility.id}`, left, PAGE.margin + 22, contentWidth, { size: 13, font: 'bold' });

  // Facts, left of the map
  const factsWidth = contentWidth - MAP.size - 14;
  let y = PAGE.margin + 42;
  const labelWidth = 118;
  const fact = (label: string, value: string) => {
    put(label, left, y, labelWidth, { size: 8.5, font: 'bold', color: GREY });
    put(value, left + labelWidth, y, factsWidth - labelWidth, { size: 8.5 });
    y += 12;
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

  // The two distances, boxed
  y += 4;
  const { isolation, evacuation } = facility.hazardDistances;
  const setter = (d: typeof isolation) => (d ? `${metres(d.metres)}, UN ${d.unNumber} ${nn ? d.nameNn : d.name}` : t.noDistance);
  doc
    .rect(left, y - 3, factsWidth, 30)
    .lineWidth(0.8)
    .strokeColor(ISOLATION)
    .stroke();
  put(`${t.isolation}: ${setter(isolation)}`, left + 5, y, factsWidth - 10, { size: 8, font: 'bold' });
  put(`${t.evacuation}: ${setter(evacuation)}`, left + 5, y + 13, factsWidth - 10, { size: 8, font: 'bold' });
  y += 34;

  // The map
  const mapX = left + contentWidth - MAP.size;
  const mapY = PAGE.margin + 42;
  await drawMap(doc, facility, t, mapX, mapY);
  y = Math.max(y, mapY + MAP.size + 10);

  // Substances
  put(t.substances, left, y, contentWidth, { size: 11, font: 'bold' });
  y += 15;
  const rows = rowsOf(facility, nn);
  if (rows.length === 0) {
    put(t.noSubstances, left, y, contentWidth, { size: 9 });
  } else {
    drawSubstanceTable(doc, t, rows, left, y, contentWidth, bottom, put);
  }

  // Footer
  const footerY = PAGE.height - PAGE.margin - FOOTER_HEIGHT + 8;
  doc
    .moveTo(left, footerY - 4)
    .lineTo(left + contentWidth, footerY - 4)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  put(t.restricted, left, footerY, contentWidth, { size: 10, font: 'bold', color: ISOLATION, align: 'center' });
  put(`${t.made(osloDateTime(madeAt), madeBy)} ${t.sources}`, left, footerY + 14, contentWidth, {
    size: 7,
    color: GREY,
    align: 'center',
  });

  doc.end();
  return done;
}

type Put = (
  text: string,
  x: number,
  y: number,
  width: number,
  options: { size: number; font?: 'regular' | 'bold'; color?: string; align?: 'left' | 'right' | 'center' },
) => void;

/** One column at 8.5, 7.5 or 6.5 pt; then two columns at 6.5 pt; whatever still does not fit is counted. */
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
  const layouts = [
    { size: 8.5, columns: 1 },
    { size: 7.5, columns: 1 },
    { size: 6.5, columns: 1 },
    { size: 6.5, columns: 2 },
  ];
  const rowHeight = (size: number) => size + 3.5;
  const capacity = (l: (typeof layouts)[number], reserve: number) =>
    Math.floor((bottom - top - rowHeight(l.size) - reserve) / rowHeight(l.size)) * l.columns;
  let layout = layouts.find((l) => capacity(l, 0) >= rows.length);
  let shown = rows;
  let omitted = 0;
  if (!layout) {
    layout = layouts[layouts.length - 1] as (typeof layouts)[number];
    const fits = capacity(layout, 12);
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
  if (omitted > 0) put(t.omitted(omitted), x, bottom - 10, width, { size: 7.5, font: 'bold', color: ISOLATION });
}

/** The map: sea, land and municipality borders, the facility, both rings, a scale bar and north. */
async function drawMap(doc: PDFKit.PDFDocument, facility: FacilityDetail, t: BriefingText, x: number, y: number) {
  const size = MAP.size;
  doc.save();
  doc.rect(x, y, size, size).fillColor(SEA).fill();
  const position = facility.position;
  if (!position) {
    doc.rect(x, y, size, size).lineWidth(0.8).strokeColor(GREY).stroke();
    doc.restore();
    return;
  }
  const { isolation, evacuation } = facility.hazardDistances;
  const largest = Math.max(isolation?.metres ?? 0, evacuation?.metres ?? 0, 250);
  const half = largest * 1.25;
  const scale = size / (2 * half);
  const { east: cE, north: cN, zone } = position.localUtm;
  const px = (e: number) => x + (e - (cE - half)) * scale;
  const py = (n: number) => y + (cN + half - n) * scale;

  doc.rect(x, y, size, size).clip();
  const rings = await landInWindow(position.wgs84.lon, position.wgs84.lat, zone, half);
  const traceLand = () => {
    for (const ring of rings) {
      for (const [i, [e, n]] of ring.entries()) {
        if (i === 0) doc.moveTo(px(e), py(n));
        else doc.lineTo(px(e), py(n));
      }
      doc.closePath();
    }
  };
  if (rings.length > 0) {
    traceLand();
    doc.fillColor(LAND).fill('even-odd');
    traceLand();
    doc.lineWidth(0.6).strokeColor(BORDER).stroke();
  }

  const cx = px(cE);
  const cy = py(cN);
  const ring = (metresRadius: number, colour: string, label: string, labelAbove: boolean) => {
    const r = metresRadius * scale;
    doc.circle(cx, cy, r).lineWidth(1.4).strokeColor(colour).stroke();
    doc
      .font('bold')
      .fontSize(6.5)
      .fillColor(colour)
      .text(`${label} ${metres(metresRadius)}`, cx - 60, labelAbove ? cy - r - 9 : cy + r + 2, {
        width: 120,
        align: 'center',
        lineBreak: false,
      });
  };
  if (evacuation) ring(evacuation.metres, EVACUATION, t.mapEvacuation, false);
  if (isolation) ring(isolation.metres, ISOLATION, t.mapIsolation, true);
  doc
    .rect(cx - 3, cy - 3, 6, 6)
    .fillColor('#000000')
    .fill();
  doc.restore();

  // Scale bar, bottom left
  const bar = scaleBarLength(2 * half);
  const barWidth = bar * scale;
  const bx = x + 8;
  const by = y + size - 12;
  doc
    .rect(bx - 3, by - 9, barWidth + 6, 17)
    .fillColor('#FFFFFF')
    .fillOpacity(0.8)
    .fill()
    .fillOpacity(1);
  doc
    .moveTo(bx, by)
    .lineTo(bx + barWidth, by)
    .lineWidth(2)
    .strokeColor('#000000')
    .stroke();
  doc
    .font('regular')
    .fontSize(6)
    .fillColor('#000000')
    .text(metres(bar), bx, by - 8, { width: barWidth, align: 'center', lineBreak: false });

  // North arrow, top right (UTM grid north; the convergence is small at this scale)
  const nx = x + size - 14;
  const ny = y + 8;
  doc
    .polygon([nx, ny], [nx - 5, ny + 14], [nx, ny + 10], [nx + 5, ny + 14])
    .fillColor('#000000')
    .fill();
  doc
    .font('bold')
    .fontSize(7)
    .text(t.north, nx - 5, ny + 15, { width: 10, align: 'center', lineBreak: false });
  doc.rect(x, y, size, size).lineWidth(0.8).strokeColor(GREY).stroke();
}
