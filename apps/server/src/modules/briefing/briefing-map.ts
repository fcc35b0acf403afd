import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compassDirection, type UtmZone, type ZoneGeometry } from '@fast/contracts';
import type { MultiPolygon, Polygon } from 'geojson';
import { REFERENCE_DIR } from '../../reference-dir.ts';
import { geodesicDirect } from '../geodesy/geodesic.ts';
import { toUtm } from '../position/utm.ts';
import type { BriefingText } from './briefing-texts.ts';

type Ring = [number, number][];
interface MunicipalityShape {
  /** [west, south, east, north] in degrees. */
  bbox: [number, number, number, number];
  polygons: Ring[][];
}

let shapes: Promise<MunicipalityShape[]> | undefined;

/** Kartverket's municipality polygons (clipped to the coast), read once per process. */
function municipalityShapes(): Promise<MunicipalityShape[]> {
  shapes ??= readFile(join(REFERENCE_DIR, 'municipalities.geojson'), 'utf8').then((text) => {
    const collection = JSON.parse(text) as { features: { geometry: Polygon | MultiPolygon }[] };
    return collection.features.map(({ geometry }) => {
      const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as Ring[][];
      let [west, south, east, north] = [180, 90, -180, -90];
      for (const polygon of polygons)
        for (const [lon, lat] of polygon[0] ?? []) {
          west = Math.min(west, lon);
          east = Math.max(east, lon);
          south = Math.min(south, lat);
          north = Math.max(north, lat);
        }
      return { bbox: [west, south, east, north], polygons };
    });
  });
  return shapes;
}

/** The land outlines (rings in UTM metres) of the municipalities that reach into a square window. */
export async function landInWindow(
  longitude: number,
  latitude: number,
  zone: UtmZone,
  halfSizeM: number,
): Promise<[number, number][][]> {
  // The window in degrees, a little wider than the square so no edge is missed.
  const dLat = (halfSizeM * 1.5) / 111_320;
  const dLon = (halfSizeM * 1.5) / (111_320 * Math.cos((latitude * Math.PI) / 180));
  const rings: [number, number][][] = [];
  for (const shape of await municipalityShapes()) {
    const [w, s, e, n] = shape.bbox;
    if (e < longitude - dLon || w > longitude + dLon || n < latitude - dLat || s > latitude + dLat) continue;
    for (const polygon of shape.polygons)
      for (const ring of polygon)
        rings.push(
          ring.map(([lon, lat]) => {
            const utm = toUtm(lon, lat, zone);
            return [utm.east, utm.north];
          }),
        );
  }
  return rings;
}

const GREY = '#555555';
const SEA = '#DCEBF5';
const LAND = '#F4F1E8';
const BORDER = '#9A9A9A';
const whole = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 });

/** A zone to draw, its outline in UTM metres of the facility's zone. */
export interface MapShape {
  ring: [number, number][];
  colour: string;
  fill: boolean;
  dashed: boolean;
  label: string;
  /** Where the label goes first: above or below the shape, or inside it (the downwind square). */
  labelAt: 'top' | 'bottom' | 'centre';
}

/** Where the map goes on the page, and the facility it is centred on. */
export interface BriefingMapView {
  x: number;
  y: number;
  size: number;
  longitude: number;
  latitude: number;
  zone: UtmZone;
  east: number;
  north: number;
}

/** A zone polygon (WGS84) as a ring in UTM metres. */
export function ringInUtm(geometry: ZoneGeometry, zone: UtmZone): [number, number][] {
  return (geometry.coordinates[0] ?? []).map(([lon, lat]) => {
    const utm = toUtm(lon, lat, zone);
    return [utm.east, utm.north];
  });
}

/** The largest distance, east-west or north-south, of any shape's vertex from the centre. */
function extentOf(shapes: readonly MapShape[], east: number, north: number): number {
  let extent = 0;
  for (const shape of shapes) for (const [e, n] of shape.ring) extent = Math.max(extent, Math.abs(e - east), Math.abs(n - north));
  return extent;
}

/** The largest round length that fits in a quarter of the window. */
function scaleBarLength(windowM: number): number {
  const candidates = [20, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000];
  return candidates.filter((c) => c <= windowM / 4).pop() ?? 20;
}

const lengthText = (metres: number) => (metres >= 1000 ? `${whole.format(metres / 1000)} km` : `${metres} m`);

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

interface Frame {
  x: number;
  y: number;
  size: number;
  /** Half the window's side, metres. */
  half: number;
}

/** The isolation circle's radius on the main map, points, below which the large zones go to an inset. */
const LEGIBLE_ISOLATION_PT = 12;

/**
 * The map: the isolation circle legible (a radius of at least 12 pt) with every zone on it where
 * one scale allows; else zoomed to the isolation circle, with an overview inset in the top left
 * corner that holds the large zones whole. Sea, land and municipality borders under the zones, the
 * facility as a black square, a scale bar, north and the wind.
 */
export async function drawBriefingMap(
  doc: PDFKit.PDFDocument,
  view: BriefingMapView,
  shapes: readonly MapShape[],
  options: { isolationMetres: number | null; windFromDegrees: number | null; downwind: boolean; text: BriefingText },
) {
  const t = options.text;
  const overall = Math.max(extentOf(shapes, view.east, view.north) * 1.08, 150);
  const iso = options.isolationMetres;
  const legible = iso === null || (iso * view.size) / 2 / overall >= LEGIBLE_ISOLATION_PT;
  // Zoomed in, the isolation circle takes a third of the half-window: room for its label and the inset.
  const main: Frame = { x: view.x, y: view.y, size: view.size, half: legible ? overall : Math.max(iso * 3, 150) };
  const insetSize = Math.round(view.size * 0.36);
  const inset: Frame | null = legible ? null : { x: view.x + 5, y: view.y + 5, size: insetSize, half: overall };

  const wind = windBoxLayout(doc, main, options);
  const avoid: Rect[] = [scaleBarRect(main, 6), northArrowRect(main)];
  if (wind) avoid.push(wind.rect);
  if (inset) avoid.push({ x: inset.x - 2, y: inset.y - 2, width: inset.size + 4, height: inset.size + 4 });
  await drawFrame(doc, view, main, shapes, 7, avoid);
  scaleBar(doc, main, 6);
  northArrow(doc, main, t);
  if (wind) drawWindBox(doc, view, wind, options.windFromDegrees);
  if (inset) {
    const size = inset.size;
    doc
      .rect(inset.x - 1.5, inset.y - 1.5, size + 3, size + 3)
      .fillColor('#FFFFFF')
      .fill();
    const caption: Rect = { x: inset.x, y: inset.y, width: 44, height: 11 };
    // The main map's window, on the overview.
    const side = (2 * main.half * size) / (2 * inset.half);
    const window: Rect = { x: inset.x + size / 2 - side / 2, y: inset.y + size / 2 - side / 2, width: side, height: side };
    await drawFrame(doc, view, inset, shapes, 5.5, [caption, scaleBarRect(inset, 5), window]);
    doc.rect(inset.x, inset.y, size, size).lineWidth(0.6).strokeColor(GREY).stroke();
    doc.rect(window.x, window.y, window.width, window.height).lineWidth(0.5).strokeColor('#000000').stroke();
    doc.font('bold').fontSize(6);
    doc
      .rect(inset.x + 1, inset.y + 1, doc.widthOfString(t.mapOverview) + 4, 9)
      .fillColor('#FFFFFF')
      .fillOpacity(0.85)
      .fill()
      .fillOpacity(1);
    doc.fillColor('#000000').text(t.mapOverview, inset.x + 3, inset.y + 2.5, { width: size - 6, lineBreak: false });
    scaleBar(doc, inset, 5);
  }
  doc.rect(view.x, view.y, view.size, view.size).lineWidth(0.8).strokeColor(GREY).stroke();
}

async function drawFrame(
  doc: PDFKit.PDFDocument,
  view: BriefingMapView,
  frame: Frame,
  shapes: readonly MapShape[],
  labelSize: number,
  avoid: readonly Rect[],
) {
  const { x, y, size, half } = frame;
  const scale = size / (2 * half);
  const px = (e: number) => x + (e - (view.east - half)) * scale;
  const py = (n: number) => y + (view.north + half - n) * scale;
  doc.save();
  doc.rect(x, y, size, size).fillColor(SEA).fill();
  doc.rect(x, y, size, size).clip();
  const rings = await landInWindow(view.longitude, view.latitude, view.zone, half);
  const trace = (ring: readonly [number, number][]) => {
    for (const [i, [e, n]] of ring.entries()) {
      if (i === 0) doc.moveTo(px(e), py(n));
      else doc.lineTo(px(e), py(n));
    }
    doc.closePath();
  };
  if (rings.length > 0) {
    for (const ring of rings) trace(ring);
    doc.fillColor(LAND).fill('even-odd');
    for (const ring of rings) trace(ring);
    doc.lineWidth(0.6).strokeColor(BORDER).stroke();
  }

  for (const shape of shapes) {
    if (shape.fill) {
      trace(shape.ring);
      doc.fillColor(shape.colour).fillOpacity(0.14).fill().fillOpacity(1);
    }
    trace(shape.ring);
    if (shape.dashed) doc.dash(4, { space: 2.5 });
    doc
      .lineWidth(size > 150 ? 1.4 : 1)
      .strokeColor(shape.colour)
      .stroke();
    doc.undash();
  }
  const cx = px(view.east);
  const cy = py(view.north);
  const marker = size > 150 ? 3 : 2;
  doc
    .rect(cx - marker, cy - marker, 2 * marker, 2 * marker)
    .fillColor('#000000')
    .fill();

  // Labels inside the window, clear of the map's furniture and of each other; a shape too small
  // on this scale, or whose every place is taken, goes without (the zone lines under the map name it).
  const taken: Rect[] = [...avoid];
  const inside = (r: Rect) => r.x >= x + 1 && r.x + r.width <= x + size - 1 && r.y >= y + 1 && r.y + r.height <= y + size - 1;
  for (const shape of [...shapes].reverse()) {
    const xs = shape.ring.map(([e]) => px(e));
    const ys = shape.ring.map(([, n]) => py(n));
    const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    if (maxX - minX < 20) continue;
    doc.font('bold').fontSize(labelSize);
    const width = doc.widthOfString(shape.label) + 4;
    const height = labelSize + 2;
    const clampX = (middle: number) => Math.min(Math.max(middle - width / 2, x + 2), x + size - 2 - width);
    const candidates: Rect[] = [];
    if (shape.labelAt === 'centre') {
      // Along the line from the facility to the shape's centroid, the farthest point still inside the window.
      const [gx, gy] = [xs.reduce((a, b) => a + b, 0) / xs.length, ys.reduce((a, b) => a + b, 0) / ys.length];
      for (let step = 20; step >= 2; step--) {
        const f = step / 20;
        const [ax, ay] = [cx + (gx - cx) * f, cy + (gy - cy) * f];
        for (const lx of [ax - width / 2, ax + 4, ax - width - 4]) candidates.push({ x: lx, y: ay - height / 2, width, height });
      }
    } else {
      const above: Rect = { x: clampX((minX + maxX) / 2), y: minY - height - 1, width, height };
      const below: Rect = { x: clampX((minX + maxX) / 2), y: maxY + 1, width, height };
      // Inside the top of a shape that fills the window.
      const within: Rect = { x: clampX((minX + maxX) / 2), y: minY + 3, width, height };
      candidates.push(...(shape.labelAt === 'top' ? [above, below, within] : [below, above, within]));
    }
    const place = candidates.find((r) => inside(r) && !taken.some((other) => overlaps(r, other)));
    if (!place) continue;
    taken.push(place);
    doc.rect(place.x, place.y, width, height).fillColor('#FFFFFF').fillOpacity(0.85).fill().fillOpacity(1);
    doc.fillColor(shape.colour).text(shape.label, place.x, place.y + 1, { width, align: 'center', lineBreak: false });
  }
  doc.restore();
}

function scaleBarRect(frame: Frame, fontSize: number): Rect {
  const bar = scaleBarLength(2 * frame.half) * (frame.size / (2 * frame.half));
  const by = frame.y + frame.size - 6 - fontSize * 0.4;
  return { x: frame.x + 3, y: by - fontSize - 3, width: bar + 6, height: fontSize + 6 };
}

function scaleBar(doc: PDFKit.PDFDocument, frame: Frame, fontSize: number) {
  const bar = scaleBarLength(2 * frame.half);
  const barWidth = bar * (frame.size / (2 * frame.half));
  const rect = scaleBarRect(frame, fontSize);
  const bx = rect.x + 3;
  const by = rect.y + fontSize + 3;
  doc.rect(rect.x, rect.y, rect.width, rect.height).fillColor('#FFFFFF').fillOpacity(0.8).fill().fillOpacity(1);
  doc
    .moveTo(bx, by)
    .lineTo(bx + barWidth, by)
    .lineWidth(fontSize > 5.5 ? 2 : 1.5)
    .strokeColor('#000000')
    .stroke();
  doc
    .font('regular')
    .fontSize(fontSize)
    .fillColor('#000000')
    .text(lengthText(bar), bx - 10, by - fontSize - 1.5, { width: barWidth + 20, align: 'center', lineBreak: false });
}

function northArrowRect(frame: Frame): Rect {
  return { x: frame.x + frame.size - 22, y: frame.y + 4, width: 18, height: 32 };
}

/** North, top right: UTM grid north (the convergence is small at these scales). */
function northArrow(doc: PDFKit.PDFDocument, frame: Frame, t: BriefingText) {
  const nx = frame.x + frame.size - 14;
  const ny = frame.y + 8;
  doc
    .polygon([nx, ny], [nx - 5, ny + 14], [nx, ny + 10], [nx + 5, ny + 14])
    .fillColor('#000000')
    .fill();
  doc
    .font('bold')
    .fontSize(7)
    .text(t.north, nx - 5, ny + 15, { width: 10, align: 'center', lineBreak: false });
}

interface WindBox {
  rect: Rect;
  label: string;
  arrow: number;
}

/** Where the wind box goes (bottom right) and what it says; none where there is no wind to tell of. */
function windBoxLayout(
  doc: PDFKit.PDFDocument,
  frame: Frame,
  options: { windFromDegrees: number | null; downwind: boolean; text: BriefingText },
): WindBox | null {
  const from = options.windFromDegrees;
  if (from === null && !options.downwind) return null;
  const label = from === null ? options.text.mapNoWind : options.text.mapWindFrom(compassDirection(from));
  const arrow = from === null ? 0 : 24;
  const width = arrow + doc.font('bold').fontSize(7).widthOfString(label) + 10;
  const height = 26;
  return { rect: { x: frame.x + frame.size - width - 5, y: frame.y + frame.size - height - 5, width, height }, label, arrow };
}

/**
 * The wind, bottom right: an arrow the way the wind blows (on the grid: towards the point 1 km
 * downwind, so the arrow agrees with the square), and where it comes from; or, where a downwind
 * zone was left out, that no direction was given.
 */
function drawWindBox(doc: PDFKit.PDFDocument, view: BriefingMapView, box: WindBox, from: number | null) {
  const { x: bx, y: by, width, height } = box.rect;
  doc.rect(bx, by, width, height).fillColor('#FFFFFF').fillOpacity(0.9).fill().fillOpacity(1);
  doc.rect(bx, by, width, height).lineWidth(0.5).strokeColor(GREY).stroke();
  doc
    .font('bold')
    .fontSize(7)
    .fillColor(from === null ? GREY : '#000000')
    .text(box.label, bx + box.arrow + 5, by + height / 2 - 4, { width: width - box.arrow - 8, lineBreak: false });
  if (from === null) return;
  const to = geodesicDirect({ latitude: view.latitude, longitude: view.longitude }, (from + 180) % 360, 1000);
  const far = toUtm(to.longitude, to.latitude, view.zone);
  const [dx, dy] = [far.east - view.east, -(far.north - view.north)];
  const length = Math.hypot(dx, dy) || 1;
  const [ux, uy] = [dx / length, dy / length];
  const [cx, cy] = [bx + 4 + box.arrow / 2, by + height / 2];
  const [tailX, tailY] = [cx - ux * 9, cy - uy * 9];
  const [headX, headY] = [cx + ux * 9, cy + uy * 9];
  doc
    .moveTo(tailX, tailY)
    .lineTo(headX - ux * 4, headY - uy * 4)
    .lineWidth(1.6)
    .strokeColor('#000000')
    .stroke();
  doc
    .polygon(
      [headX, headY],
      [headX - ux * 6 - uy * 3.5, headY - uy * 6 + ux * 3.5],
      [headX - ux * 6 + uy * 3.5, headY - uy * 6 - ux * 3.5],
    )
    .fillColor('#000000')
    .fill();
}
