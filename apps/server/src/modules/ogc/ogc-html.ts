import {
  type OgcCollection,
  type OgcCollections,
  type OgcConformance,
  type OgcFacilityFeature,
  type OgcGasPipelineFeature,
  type OgcLanding,
  type OgcLink,
  OgcMediaType,
  type OgcQueryables,
} from '@fast/contracts';
import { EXPORT_TEXT } from '../exports/export-texts.ts';
import type { FeaturePage } from './ogc.service.ts';

/**
 * The feed's HTML view (Part 1's HTML conformance class): plain pages rendered on the server for
 * people following the links, in Bokmål, with every value escaped. No script: the CSP allows none
 * inline, and nothing here needs one.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or attribute value. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fafafa;line-height:1.5}
header{background:#0b3d63;color:#fff;padding:.75rem 1.5rem}header a{color:#fff}
main{padding:1rem 1.5rem;max-width:72rem}h1{font-size:1.6rem;margin:.5rem 0}
table{border-collapse:collapse;width:100%;background:#fff;font-size:.9rem}
th,td{border:1px solid #ccd;padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#e8eef4}
nav.paging a{margin-right:1rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;background:#fff;padding:1rem}
dt{font-weight:600}code{font-size:.85rem}a{color:#0b5394}`;

const FORMAT_TITLE: Record<string, string> = { [OgcMediaType.HTML]: 'HTML' };

function linkList(links: readonly OgcLink[]): string {
  return `<ul>${links
    .filter((l) => l.rel !== 'self')
    .map(
      (l) =>
        `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.title ?? l.rel)}</a> <small>(${escapeHtml(l.rel)}${l.type ? `, ${escapeHtml(FORMAT_TITLE[l.type] ?? l.type)}` : ''})</small></li>`,
    )
    .join('')}</ul>`;
}

/** A page's start and end around its body: its title and where it sits (a trail of links). */
function frame(title: string, trail: readonly [string, string][]): [string, string] {
  const crumbs = trail.map(([href, text]) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`).join(' › ');
  return [
    `<!doctype html><html lang="nb"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – FAST OGC API</title><style>${STYLE}</style></head>
<body><header><nav aria-label="Plassering">${crumbs}</nav></header><main><h1>${escapeHtml(title)}</h1>`,
    '</main></body></html>',
  ];
}

function page(title: string, trail: readonly [string, string][], body: string): string {
  const [head, tail] = frame(title, trail);
  return head + body + tail;
}

const home = (base: string): [string, string] => [`${base}?f=html`, 'FAST OGC API'];
const collectionsCrumb = (base: string): [string, string] => [`${base}/collections?f=html`, 'Samlinger'];

export function landingHtml(base: string, landing: OgcLanding): string {
  return page(landing.title, [home(base)], `<p>${escapeHtml(landing.description)}</p><h2>Lenker</h2>${linkList(landing.links)}`);
}

export function conformanceHtml(base: string, conformance: OgcConformance): string {
  const items = conformance.conformsTo.map((uri) => `<li><code>${escapeHtml(uri)}</code></li>`).join('');
  return page('Standardene tjenesten følger', [home(base)], `<ul>${items}</ul>`);
}

function collectionRow(c: OgcCollection): string {
  const items = c.links.find((l) => l.rel === 'items' && l.type === OgcMediaType.HTML)?.href ?? '';
  const self = c.links.find((l) => l.rel === 'alternate' && l.type === OgcMediaType.HTML)?.href ?? c.links[0]?.href ?? '';
  return `<tr><td><a href="${escapeHtml(self)}">${escapeHtml(c.title)}</a></td><td>${escapeHtml(c.description)}</td><td><a href="${escapeHtml(items)}">Se objektene</a></td></tr>`;
}

export function collectionsHtml(base: string, collections: OgcCollections): string {
  return page(
    'Samlinger',
    [home(base)],
    `<table><thead><tr><th scope="col">Samling</th><th scope="col">Beskrivelse</th><th scope="col">Objekter</th></tr></thead><tbody>${collections.collections.map(collectionRow).join('')}</tbody></table>`,
  );
}

export function collectionHtml(base: string, c: OgcCollection): string {
  const bbox = c.extent.spatial.bbox[0] ?? [];
  return page(
    c.title,
    [home(base), collectionsCrumb(base)],
    `<p>${escapeHtml(c.description)}</p><dl><dt>Id</dt><dd><code>${escapeHtml(c.id)}</code></dd>
<dt>Utstrekning (CRS84)</dt><dd>${escapeHtml(bbox.join(', '))}</dd>
<dt>Koordinatsystemer</dt><dd>${c.crs.map((crs) => `<code>${escapeHtml(crs)}</code>`).join('<br>')}</dd></dl>
<h2>Lenker</h2>${linkList(c.links)}`,
  );
}

export function queryablesHtml(base: string, collectionId: string, queryables: OgcQueryables): string {
  const rows = Object.entries(queryables.properties)
    .map(
      ([name, schema]) =>
        `<tr><td><code>${escapeHtml(name)}</code></td><td>${escapeHtml(schema.title)}</td><td>${escapeHtml(schema.type ?? 'geometri')}</td></tr>`,
    )
    .join('');
  return page(
    `Egenskaper: ${queryables.title}`,
    [home(base), collectionsCrumb(base), [`${base}/collections/${collectionId}?f=html`, queryables.title]],
    `<table><thead><tr><th scope="col">Navn</th><th scope="col">Betydning</th><th scope="col">Type</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

type Feature = OgcFacilityFeature | OgcGasPipelineFeature;

function coordinatesText(feature: Feature): string {
  const g = feature.geometry;
  if (!g) return 'Mangler posisjon';
  if (g.type === 'Point') return g.coordinates.join(', ');
  const vertices = g.type === 'LineString' ? g.coordinates.length : g.coordinates.reduce((n, l) => n + l.length, 0);
  return `${g.type === 'LineString' ? 'Linje' : 'Linjer'} med ${vertices} punkter`;
}

function summaryCells(feature: Feature): string {
  const p = feature.properties;
  if ('municipalityCode' in p) {
    return `<td>${escapeHtml(p.name ?? '(uten navn)')}</td><td>${escapeHtml(`${p.municipalityName} (${p.municipalityCode})`)}</td><td>${escapeHtml(majorAccidentText(p.majorAccident))}</td><td>${escapeHtml(p.substances)}</td>`;
  }
  return `<td>${escapeHtml(p.name)}</td><td>${escapeHtml(p.owner)}</td><td>${escapeHtml(p.pressureClass)}</td><td>${escapeHtml(`${p.maximumOperatingPressureBar} bar`)}</td>`;
}

const ITEM_HEADERS: Record<string, string[]> = {
  facilities: ['Navn', 'Kommune', 'Storulykke', 'Stoffer'],
  'gas-pipelines': ['Navn', 'Eier', 'Trykklasse', 'Driftstrykk'],
};

/** An items page as an HTML table, written piece by piece as the GeoJSON is (featureCollectionText). */
export async function* itemsHtml(
  base: string,
  collection: { id: string; title: string },
  page: FeaturePage,
  links: { next: string | null; prev: string | null; json: string },
  crsLabel: string,
): AsyncGenerator<string> {
  const itemUrl = `${base}/collections/${collection.id}/items`;
  const headers = (ITEM_HEADERS[collection.id] ?? []).map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const counts =
    page.numberMatched === null ? `Viser ${page.count} objekter.` : `Viser ${page.count} av ${page.numberMatched} objekter.`;
  const paging = [
    links.prev ? `<a href="${escapeHtml(links.prev)}" rel="prev">Forrige side</a>` : '',
    links.next ? `<a href="${escapeHtml(links.next)}" rel="next">Neste side</a>` : '',
    `<a href="${escapeHtml(links.json)}">Som GeoJSON</a>`,
  ].join('');
  const [head, tail] = frame(`${collection.title}: objekter`, [
    home(base),
    collectionsCrumb(base),
    [`${base}/collections/${collection.id}?f=html`, collection.title],
  ]);
  let piece = `${head}<p>${escapeHtml(counts)} Koordinater i ${escapeHtml(crsLabel)}.</p><nav class="paging" aria-label="Sider">${paging}</nav>
<table><thead><tr><th scope="col">Id</th>${headers}<th scope="col">Koordinater</th></tr></thead><tbody>`;
  for await (const features of page.chunks) {
    for (const feature of features) {
      piece += `<tr><td><a href="${escapeHtml(`${itemUrl}/${feature.id}?f=html`)}">${escapeHtml(feature.id)}</a></td>${summaryCells(feature)}<td>${escapeHtml(coordinatesText(feature))}</td></tr>`;
    }
    if (piece.length >= 64 * 1024) {
      yield piece;
      piece = '';
    }
  }
  yield `${piece}</tbody></table><nav class="paging" aria-label="Sider">${paging}</nav>${tail}`;
}

const PROPERTY_TITLE: Record<string, string> = {
  name: 'Navn',
  street: 'Adresse',
  postalCode: 'Postnummer',
  postalPlace: 'Poststed',
  municipalityCode: 'Kommunenummer',
  municipalityName: 'Kommune',
  majorAccident: 'Storulykke',
  facilityUnits: 'Anleggsenheter',
  substances: 'Stoffer',
  unNumbers: 'UN-numre',
  isolationMetres: 'Største sikkerhetsavstand (m)',
  evacuationMetres: 'Største evakueringsavstand (m)',
  fireMetres: 'Største avstand ved brann (m)',
  hazardEdition: 'Avstandene er hentet fra',
  updated: 'Sist oppdatert',
  url: 'Side i FAST',
  owner: 'Eier',
  pressureClass: 'Trykklasse',
  maximumOperatingPressureBar: 'Høyeste driftstrykk (bar)',
  diameterMm: 'Diameter (mm)',
};

/** The major-accident value in words, as the exports write it (a person reads the page; the JSON keeps the code). */
const majorAccidentText = (code: string) => EXPORT_TEXT.nb.majorAccident[code] ?? code;

export function itemHtml(
  base: string,
  collection: { id: string; title: string },
  feature: Feature,
  crsLabel: string,
  json: string,
): string {
  const rows = Object.entries(feature.properties)
    .map(([key, value]) => {
      const shown =
        key === 'url' && typeof value === 'string'
          ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`
          : escapeHtml(value === null ? '–' : key === 'majorAccident' ? majorAccidentText(String(value)) : value);
      return `<dt>${escapeHtml(PROPERTY_TITLE[key] ?? key)}</dt><dd>${shown}</dd>`;
    })
    .join('');
  const name = feature.properties.name ?? `Anlegg ${feature.id}`;
  return page(
    String(name),
    [
      home(base),
      collectionsCrumb(base),
      [`${base}/collections/${collection.id}?f=html`, collection.title],
      [`${base}/collections/${collection.id}/items?f=html`, 'Objekter'],
    ],
    `<dl><dt>Id</dt><dd>${escapeHtml(feature.id)}</dd>${rows}<dt>Koordinater (${escapeHtml(crsLabel)})</dt><dd>${escapeHtml(coordinatesText(feature))}</dd></dl>
<p><a href="${escapeHtml(json)}">Som GeoJSON</a></p>`,
  );
}
