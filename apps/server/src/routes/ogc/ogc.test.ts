import {
  type ImportGasPipelineRecord,
  OGC_CONFORMANCE_CLASSES,
  OgcCollection,
  OgcCollectionId,
  OgcCollections,
  OgcConformance,
  OgcCrs,
  OgcFacilityFeature,
  type OgcFeatureCollection,
  OgcGasPipelineFeature,
  OgcLanding,
  OgcQueryables,
} from '@fast/contracts';
import proj4 from 'proj4';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody, lastLogId } from '../../../test/expectations.ts';
import { facilityRecord, importTestRecords } from '../../../test/facility-factory.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../test/test-app.ts';
import { collectionItems, type FeaturePage } from '../../modules/ogc/ogc.service.ts';
import { featureCollectionText } from '../../modules/ogc/ogc-json-writer.ts';
import { parseItemsQuery } from '../../modules/ogc/ogc-query.ts';

// OGC API – Features under /ogc (issue 38): every resource and parameter, access and scope, CRS,
// paging, ETag/304 and the HTML pages.

const OSLO_ORG = DEMO_ORGANISATIONS.osloBrann.organisation_number;
const PUBLIC_URL = 'http://localhost:8080';
const BASE = `${PUBLIC_URL}/ogc`;
// EPSG's definition of ETRS89 / UTM 33N, independent of modules/position/utm.ts.
const EPSG_25833 = '+proj=utm +zone=33 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs +type=crs';

const OSLO_IDS = Array.from({ length: 23 }, (_, i) => 64_001 + i);
const EXPLOSIVES = 64_100;
const BERGEN = 64_200;
const AMMONIA = 64_001;
const PIPELINE: ImportGasPipelineRecord = {
  recordType: 'gasPipeline',
  id: 'OGC-TEST-1',
  name: 'Testledningen',
  owner: 'Gassnett AS',
  pressureClass: 'HIGH',
  mopBar: 70,
  material: 'stål',
  diameterMm: 300,
  yearBuilt: 1999,
  substance: 'NATURAL_GAS',
  geometry: {
    type: 'LineString',
    coordinates: [
      [10.6, 59.9],
      [10.9, 59.95],
    ],
  },
};

let t: TestApp;
let oslo: Record<string, string>;
let withoutMunicipalities: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_USER_PER_MINUTE: '100000', RATE_LIMIT_PER_IP_PER_MINUTE: '100000' });
  await importTestRecords(t.db, [
    PIPELINE,
    ...OSLO_IDS.map((id, i) =>
      facilityRecord(id, {
        name: `Strøm <${id}>`,
        position: { longitude: 10.7 + i * 0.005, latitude: 59.9 + i * 0.002 },
        majorAccident: i % 5 === 0 ? 'PARAGRAPH_NINE' : 'NOT_AFFECTED',
        updatedOn: i < 10 ? '2022-01-15' : '2024-06-30',
        ...(id === AMMONIA
          ? {
              units: [
                {
                  type: 'FORBRUK' as const,
                  name: null,
                  substances: [
                    { substance: 'AMMONIAKK', quantity: 4, unit: 'm3' as const },
                    { substance: 'PROPAN', quantity: 2.5, unit: 'tonn' as const },
                  ],
                },
              ],
            }
          : {}),
      }),
    ),
    facilityRecord(EXPLOSIVES, {
      name: 'Kruttlageret',
      explosives: true,
      units: [
        {
          type: 'EKSPLOSIVLAGER',
          name: null,
          substances: [{ substance: 'SPRENGSTOFF_A', quantity: 500, unit: 'kg', hazardDivision: '1.1D' }],
        },
      ],
    }),
    facilityRecord(BERGEN, {
      name: 'Hemmelig Bergen',
      address: { street: 'Bryggen 1', postalCode: '5003', postalPlace: 'Bergen', municipalityId: '4601' },
      position: { longitude: 5.3242, latitude: 60.3929 },
    }),
  ]);
  oslo = await t.headersFor('oslo.brann', OSLO_ORG);
  withoutMunicipalities = await t.headersFor('uten.tilgang', DEMO_ORGANISATIONS.hallingdalBrann.organisation_number);
});
afterAll(async () => t?.close());

const check = (schema: TSchema, body: unknown) =>
  expect([...Compile(schema).Errors(body)].map((e) => `${e.instancePath} ${e.message}`)).toEqual([]);
const featureCollection = (body: unknown) => {
  const collection = body as OgcFeatureCollection;
  for (const f of collection.features) check(typeof f.id === 'number' ? OgcFacilityFeature : OgcGasPipelineFeature, f);
  return collection;
};

function pointOf(feature: unknown): [number, number] {
  const geometry = (feature as OgcFacilityFeature).geometry;
  if (!geometry) throw new Error('a feature without a position');
  return geometry.coordinates as [number, number];
}

async function get(url: string, headers: Record<string, string> = oslo) {
  return t.app.inject({ method: 'GET', url, headers });
}
const local = (href: string) => href.replace('http://localhost:8080', '');

describe('the service’s documents', () => {
  it('answers the landing page with links to the API, conformance and collections', async () => {
    const response = await get('/ogc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    check(OgcLanding, body);
    expect(body.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'alternate', 'service-desc', 'conformance', 'data']);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toBe('Authorization, FAST-ORG-NUMBER, Accept');
  });

  it('declares core, geojson, html, oas30 and crs conformance', async () => {
    const body = (await get('/ogc/conformance')).json();
    check(OgcConformance, body);
    expect(body.conformsTo).toEqual([...OGC_CONFORMANCE_CLASSES]);
  });

  it('describes the /ogc paths in OpenAPI 3.0', async () => {
    const response = await get('/ogc/api');
    expect(response.headers['content-type']).toMatch(/^application\/vnd\.oai\.openapi\+json; ?version="?3\.0/);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\.0\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/',
        '/conformance',
        '/api',
        '/collections',
        '/collections/facilities/items',
        '/collections/gas-pipelines/items/{featureId}',
      ]),
    );
  });

  it('lists both collections with every CRS, and each alone, and its queryables', async () => {
    const collections = (await get('/ogc/collections')).json();
    check(OgcCollections, collections);
    expect(collections.collections.map((c: OgcCollection) => c.id)).toEqual(['facilities', 'gas-pipelines']);
    for (const id of ['facilities', 'gas-pipelines']) {
      const collection = (await get(`/ogc/collections/${id}`)).json();
      check(OgcCollection, collection);
      expect(collection.crs).toEqual(Object.values(OgcCrs));
      expect(collection.storageCrs).toBe(OgcCrs.CRS84);
      const queryables = await get(`/ogc/collections/${id}/queryables`);
      expect(queryables.headers['content-type']).toMatch(/^application\/schema\+json/);
      check(OgcQueryables, queryables.json());
    }
  });

  it('answers 404 with the error body for an unknown collection, also without a token', async () => {
    for (const url of ['/ogc/collections/nope', '/ogc/collections/nope/items', '/ogc/collections/facilities/nope']) {
      expectErrorBody(await get(url), { status: 404, type: 'NOT_FOUND' }, url);
    }
  });
});

describe('access', () => {
  const routes = [
    '/ogc',
    '/ogc/conformance',
    '/ogc/api',
    '/ogc/collections',
    '/ogc/collections/facilities',
    '/ogc/collections/facilities/queryables',
    '/ogc/collections/facilities/items',
    `/ogc/collections/facilities/items/${AMMONIA}`,
    '/ogc/collections/gas-pipelines/items',
    `/ogc/collections/gas-pipelines/items/${PIPELINE.id}`,
  ];

  it('answers 401 without a token and with a bad one, on every route', async () => {
    for (const url of routes) {
      expectErrorBody(await get(url, {}), { status: 401, type: 'ACCESS_DENIED' }, url);
      expectErrorBody(await get(url, { authorization: 'Bearer nonsense', 'fast-org-number': OSLO_ORG }), { status: 401 }, url);
    }
  });

  it('answers 403 without FAST-ORG-NUMBER and for an organisation the user does not represent', async () => {
    const { authorization } = oslo as { authorization: string };
    for (const url of routes) {
      expectErrorBody(await get(url, { authorization }), { status: 403, type: 'ACCESS_DENIED' }, url);
      const foreign = { authorization, 'fast-org-number': DEMO_ORGANISATIONS.vest110.organisation_number };
      expectErrorBody(await get(url, foreign), { status: 403, type: 'ACCESS_DENIED' }, url);
    }
  });
});

describe('GET /ogc/collections/facilities/items', () => {
  it('answers the scope’s facilities as GeoJSON with counts, links and Content-Crs, explosives never', async () => {
    const response = await get('/ogc/collections/facilities/items?limit=100');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect(response.headers['content-crs']).toBe(`<${OgcCrs.CRS84}>`);
    const body = featureCollection(response.json());
    expect(body.features.map((f) => f.id)).toEqual(OSLO_IDS);
    expect(body.numberMatched).toBe(OSLO_IDS.length);
    expect(body.numberReturned).toBe(OSLO_IDS.length);
    expect(Number.isNaN(Date.parse(body.timeStamp))).toBe(false);
    expect(body.links.map((l) => l.rel)).toEqual(['self', 'alternate', 'collection']);
    expect(response.body).not.toContain('Kruttlager');
    expect(response.body).not.toContain(String(EXPLOSIVES));
    expect(response.body).not.toContain('Hemmelig');
  });

  it('presents a facility with its municipality, units, substances with UN numbers, largest distances and page', async () => {
    const body = featureCollection((await get(`/ogc/collections/facilities/items?limit=1`)).json());
    const [feature] = body.features as OgcFacilityFeature[];
    expect(feature?.geometry).toEqual({ type: 'Point', coordinates: [10.7, 59.9] });
    expect(feature?.properties).toMatchObject({
      name: `Strøm <${AMMONIA}>`,
      street: 'Storgata 1',
      municipalityCode: '0301',
      municipalityName: 'Oslo',
      majorAccident: 'PARAGRAPH_NINE',
      unNumbers: '1005,1978',
      updated: '2022-01-15',
      url: `http://localhost:8080/anlegg/${AMMONIA}`,
    });
    expect(feature?.properties.substances).toMatch(/^Ammoniakk.* \(UN 1005\) 4 m3; Propan \(UN 1978\) 2,5 tonn$/);
    expect(feature?.properties.facilityUnits.length).toBeGreaterThan(0);
    // The largest distances are the map popup's.
    const popup = (await get(`/api/v1/map/facilities/${AMMONIA}`)).json();
    expect(feature?.properties.isolationMetres).toBe(popup.hazardDistances.isolation.metres);
    expect(feature?.properties.evacuationMetres).toBe(popup.hazardDistances.evacuation.metres);
    expect(feature?.properties.fireMetres).toBe(popup.hazardDistances.fire?.metres ?? null);
    expect(feature?.properties.hazardEdition).toBe(`ERG ${popup.hazardDistances.isolation.edition}`);
    expect(feature?.properties.hazardEdition).toBe('ERG 2016');
  });

  it('pages by next links over every feature exactly once, and back by prev', async () => {
    const seen: number[] = [];
    let url: string | null = '/ogc/collections/facilities/items?limit=5';
    const pages: OgcFeatureCollection[] = [];
    while (url) {
      const body = featureCollection((await get(url)).json());
      pages.push(body);
      expect(body.numberMatched).toBe(OSLO_IDS.length);
      seen.push(...body.features.map((f) => f.id as number));
      const next = body.links.find((l) => l.rel === 'next');
      url = next ? local(next.href) : null;
    }
    expect(seen).toEqual(OSLO_IDS);
    expect(pages.map((p) => p.numberReturned)).toEqual([5, 5, 5, 5, 3]);
    const prev = pages[2]?.links.find((l) => l.rel === 'prev');
    const back = featureCollection((await get(local(prev?.href ?? ''))).json());
    expect(back.features.map((f) => f.id)).toEqual(pages[1]?.features.map((f) => f.id));
    expect(pages[0]?.links.some((l) => l.rel === 'prev')).toBe(false);
  });

  it('filters by bbox, datetime, municipality and majorAccident', async () => {
    const ids = async (query: string) =>
      featureCollection((await get(`/ogc/collections/facilities/items?${query}`)).json()).features.map((f) => f.id);
    expect(await ids('bbox=10.699,59.899,10.711,59.905')).toEqual(OSLO_IDS.slice(0, 3));
    expect(await ids('bbox=5,60,6,61')).toEqual([]);
    expect(await ids('datetime=2022-01-15')).toEqual(OSLO_IDS.slice(0, 10));
    expect(await ids('datetime=2023-01-01/..')).toEqual(OSLO_IDS.slice(10));
    expect(await ids('datetime=../2022-12-31T23:59:59Z')).toEqual(OSLO_IDS.slice(0, 10));
    expect(await ids('municipality=0301')).toEqual(OSLO_IDS);
    // Bergen is not in the scope: the filter cannot widen it.
    expect(await ids('municipality=4601')).toEqual([]);
    expect(await ids('majorAccident=PARAGRAPH_NINE')).toEqual(OSLO_IDS.filter((_, i) => i % 5 === 0));
    expect(await ids('majorAccident=PARAGRAPH_NINE&datetime=2024-06-30')).toEqual([OSLO_IDS[10], OSLO_IDS[15], OSLO_IDS[20]]);
  });

  it('answers in EPSG:25833 as proj4 computes it, and in EPSG:4258 latitude first', async () => {
    const utm = await get(`/ogc/collections/facilities/items?crs=${encodeURIComponent(OgcCrs.EPSG_25833)}&limit=3`);
    expect(utm.headers['content-crs']).toBe(`<${OgcCrs.EPSG_25833}>`);
    const wgs = featureCollection((await get('/ogc/collections/facilities/items?limit=3')).json()).features;
    for (const [i, feature] of featureCollection(utm.json()).features.entries()) {
      const [lon, lat] = pointOf(wgs[i]);
      const [east, north] = proj4('EPSG:4326', EPSG_25833, [lon, lat]);
      const [x, y] = pointOf(feature);
      expect(Math.abs(x - east)).toBeLessThan(0.001);
      expect(Math.abs(y - north)).toBeLessThan(0.001);
    }
    const etrs = featureCollection(
      (await get(`/ogc/collections/facilities/items?crs=${encodeURIComponent(OgcCrs.EPSG_4258)}&limit=1`)).json(),
    );
    expect((etrs.features[0] as OgcFacilityFeature).geometry?.coordinates).toEqual([59.9, 10.7]);
    for (const crs of [OgcCrs.EPSG_25832, OgcCrs.EPSG_25835]) {
      const response = await get(`/ogc/collections/facilities/items?crs=${encodeURIComponent(crs)}&limit=1`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-crs']).toBe(`<${crs}>`);
    }
  });

  it('takes a bbox in EPSG:25833 (bbox-crs), exactly, without numberMatched', async () => {
    const toUtm = (lon: number, lat: number) => proj4('EPSG:4326', EPSG_25833, [lon, lat]) as [number, number];
    const [minX, minY] = toUtm(10.699, 59.899);
    const [maxX, maxY] = toUtm(10.711, 59.905);
    const query = `bbox=${minX},${minY},${maxX},${maxY}&bbox-crs=${encodeURIComponent(OgcCrs.EPSG_25833)}`;
    const body = featureCollection((await get(`/ogc/collections/facilities/items?${query}`)).json());
    const inside = OSLO_IDS.filter((_, i) => {
      const [x, y] = toUtm(10.7 + i * 0.005, 59.9 + i * 0.002);
      return x >= minX && x <= maxX && y >= minY && y <= maxY;
    });
    expect(inside.length).toBeGreaterThan(0);
    expect(body.features.map((f) => f.id)).toEqual(inside);
    expect(body.numberMatched).toBeUndefined();
  });

  it('answers 400 with the error body for a bad parameter', async () => {
    for (const query of [
      'limit=10001',
      'limit=0',
      'limit=abc',
      'bbox=1,2,3',
      'bbox=1,2,3,x',
      'bbox=3,2,1,4',
      'bbox=1,2,3,4,5,6',
      'crs=http://www.opengis.net/def/crs/EPSG/0/3857',
      'bbox-crs=http://www.opengis.net/def/crs/EPSG/0/4326&bbox=1,2,3,4',
      'bbox-crs=http://www.opengis.net/def/crs/EPSG/0/25833',
      'datetime=yesterday',
      'datetime=2024-02-30',
      'datetime=2024-02-01/2023-01-01',
      'municipality=03',
      'majorAccident=SOMETIMES',
      'f=xml',
      'unknown=1',
      'after=1&before=2',
      'after=abc',
    ]) {
      expectErrorBody(await get(`/ogc/collections/facilities/items?${query}`), { status: 400, type: 'VALIDATION_ERROR' }, query);
    }
  });

  it('answers a user without municipalities nothing: numberMatched 0', async () => {
    const body = featureCollection((await get('/ogc/collections/facilities/items', withoutMunicipalities)).json());
    expect(body.numberMatched).toBe(0);
    expect(body.features).toEqual([]);
    expect(body.links.some((l) => l.rel === 'next')).toBe(false);
  });

  it('writes one VIEW entry naming the facilities a page revealed', async () => {
    const before = await lastLogId(t.db);
    await get('/ogc/collections/facilities/items?limit=4');
    const entries = await t.db.selectFrom('access_log').selectAll().where('id', '>', before).execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'VIEW', organisation_number: OSLO_ORG, facility_ids: OSLO_IDS.slice(0, 4) });
    expect(entries[0]?.detail).toContain('facilities/items limit=4');
  });

  it('answers 304 to its ETag, and a new ETag after the register or the scope changes', async () => {
    const url = '/ogc/collections/facilities/items?limit=2';
    const first = await get(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const before = await lastLogId(t.db);
    const again = await get(url, { ...oslo, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('private, no-cache');
    expect(await lastLogId(t.db)).toBe(before);
    // Another query, another format: other ETags.
    expect((await get('/ogc/collections/facilities/items?limit=3')).headers.etag).not.toBe(etag);
    expect((await get(`${url}&f=html`)).headers.etag).not.toBe(etag);
    // Never the same across organisations, for the same user and query.
    const rogaland = await t.headersFor('statsforvalter.rogaland', DEMO_ORGANISATIONS.statsforvalterRogaland.organisation_number);
    const other = await t.headersFor('statsforvalter.rogaland', DEMO_ORGANISATIONS.rogalandBrann.organisation_number);
    expect((await get(url, rogaland)).headers.etag).not.toBe((await get(url, other)).headers.etag);
    // The register changes: the old ETag is stale.
    await importTestRecords(t.db, [facilityRecord(64_050, { name: 'Ny etter ETag' })]);
    const changed = await get(url, { ...oslo, 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    await t.db.deleteFrom('facility').where('id', '=', 64_050).execute();
  });

  it('answers HTML for Accept: text/html and f=html, escaped, with paging links', async () => {
    const response = await get('/ogc/collections/facilities/items?limit=5', {
      ...oslo,
      accept: 'text/html,application/xhtml+xml',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<html lang="nb">');
    expect(response.body).toContain(`Strøm &lt;${AMMONIA}&gt;`);
    expect(response.body).not.toContain(`Strøm <${AMMONIA}>`);
    expect(response.body).toContain('Viser 5 av 23 objekter.');
    expect(response.body).toContain('Neste side');
    // The major-accident value in words, as the exports write it, not the code.
    expect(response.body).toContain('<td>Ikke omfattet</td>');
    expect(response.body).not.toContain('NOT_AFFECTED</td>');
    expect(response.body).not.toContain('Kruttlager');
    const json = await get('/ogc/collections/facilities/items?limit=5&f=json', { ...oslo, accept: 'text/html' });
    expect(json.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect((await get('/ogc/collections/facilities/items?f=html')).headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('an items page read in chunks', () => {
  const read = async (page: FeaturePage) => {
    let text = '';
    for await (const piece of featureCollectionText(page, [], '2026-01-01T00:00:00.000Z')) text += piece;
    return JSON.parse(text) as OgcFeatureCollection;
  };
  const osloScope = async () => {
    const user = await t.db.selectFrom('app_user').select('id').where('username', '=', 'oslo.brann').executeTakeFirstOrThrow();
    return { userId: user.id, organisationNumber: OSLO_ORG };
  };

  it('writes the same features in chunks of 4 as in one chunk, across the chunks’ edges', async () => {
    const scope = await osloScope();
    const request = parseItemsQuery({ limit: '10', after: String(OSLO_IDS[2]) });
    const whole = await read(await collectionItems(t.db, scope, OgcCollectionId.FACILITIES, request, PUBLIC_URL, 500));
    const chunked = await read(await collectionItems(t.db, scope, OgcCollectionId.FACILITIES, request, PUBLIC_URL, 4));
    expect(chunked.features.map((f) => f.id)).toEqual(OSLO_IDS.slice(3, 13));
    expect(chunked).toEqual(whole);
    expect(featureCollection(chunked).numberReturned).toBe(10);
  });

  it('leaves out, and does not count, a facility that left the scope after the page’s ids were read', async () => {
    const scope = await osloScope();
    const leaving = OSLO_IDS[9] as number;
    const page = await collectionItems(t.db, scope, OgcCollectionId.FACILITIES, parseItemsQuery({}), PUBLIC_URL, 4);
    expect(page.facilityIds).toEqual(OSLO_IDS);
    // Moved to Bergen (outside Oslo's scope) while the first chunk is being written.
    await t.db.updateTable('facility').set({ municipality_id: '4601' }).where('id', '=', leaving).execute();
    try {
      const body = await read(page);
      expect(body.features.map((f) => f.id)).toEqual(OSLO_IDS.filter((id) => id !== leaving));
      expect(body.numberReturned).toBe(OSLO_IDS.length - 1);
      expect(body.numberMatched).toBe(OSLO_IDS.length);
    } finally {
      await t.db.updateTable('facility').set({ municipality_id: '0301' }).where('id', '=', leaving).execute();
    }
  });
});

describe('GET /ogc/collections/facilities/items/{id}', () => {
  it('answers a facility of the scope with its links, in the asked CRS', async () => {
    const response = await get(`/ogc/collections/facilities/items/${AMMONIA}?crs=${encodeURIComponent(OgcCrs.EPSG_25833)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-crs']).toBe(`<${OgcCrs.EPSG_25833}>`);
    const feature = response.json();
    check(OgcFacilityFeature, feature);
    const [east, north] = proj4('EPSG:4326', EPSG_25833, [10.7, 59.9]);
    expect(feature.geometry.coordinates[0]).toBeCloseTo(east, 3);
    expect(feature.geometry.coordinates[1]).toBeCloseTo(north, 3);
    expect(feature.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'alternate', 'collection']);
  });

  it('answers 404 outside the scope, for explosives and for an unknown id, as one and the same', async () => {
    const bodies = [];
    for (const id of [BERGEN, EXPLOSIVES, 99_999_999, 'abc']) {
      const response = await get(`/ogc/collections/facilities/items/${id}`);
      bodies.push(expectErrorBody(response, { status: 404, type: 'NOT_FOUND' }, String(id)).message);
      expect(response.body).not.toContain('Hemmelig');
    }
    expect(new Set(bodies).size).toBe(1);
    expectErrorBody(await get(`/ogc/collections/facilities/items/${AMMONIA}`, withoutMunicipalities), { status: 404 });
  });

  it('logs the view, answers 304 to its ETag, and renders HTML', async () => {
    const before = await lastLogId(t.db);
    const first = await get(`/ogc/collections/facilities/items/${AMMONIA}`);
    const entries = await t.db.selectFrom('access_log').selectAll().where('id', '>', before).execute();
    expect(entries.map((e) => [e.action, e.facility_ids])).toEqual([['VIEW', [AMMONIA]]]);
    const again = await get(`/ogc/collections/facilities/items/${AMMONIA}`, {
      ...oslo,
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    const html = await get(`/ogc/collections/facilities/items/${AMMONIA}?f=html`);
    expect(html.body).toContain('Ammoniakk');
    expect(html.body).toContain(`href="http://localhost:8080/anlegg/${AMMONIA}"`);
  });
});

describe('the gas pipelines', () => {
  it('answers the pipelines as lines with their pressure class, in every CRS, without an access-log entry', async () => {
    const before = await lastLogId(t.db);
    const body = featureCollection((await get('/ogc/collections/gas-pipelines/items')).json());
    expect(body.numberMatched).toBe(1);
    expect(body.features).toEqual([
      {
        type: 'Feature',
        id: PIPELINE.id,
        geometry: PIPELINE.geometry,
        properties: {
          name: 'Testledningen',
          owner: 'Gassnett AS',
          pressureClass: 'HIGH',
          maximumOperatingPressureBar: 70,
          diameterMm: 300,
        },
      },
    ]);
    expect(await lastLogId(t.db)).toBe(before);
    const utm = (await get(`/ogc/collections/gas-pipelines/items?crs=${encodeURIComponent(OgcCrs.EPSG_25833)}`)).json();
    const [first] = utm.features[0].geometry.coordinates;
    const [east, north] = proj4('EPSG:4326', EPSG_25833, [10.6, 59.9]);
    expect(first[0]).toBeCloseTo(east, 3);
    expect(first[1]).toBeCloseTo(north, 3);
  });

  it('filters by a bbox the line crosses without a vertex in it, and answers one pipeline or 404', async () => {
    const ids = async (bbox: string) =>
      featureCollection((await get(`/ogc/collections/gas-pipelines/items?bbox=${bbox}`)).json()).features.map((f) => f.id);
    expect(await ids('10.7,59.9,10.8,59.95')).toEqual([PIPELINE.id]);
    expect(await ids('10.7,59.95,10.8,60')).toEqual([]);
    const one = await get(`/ogc/collections/gas-pipelines/items/${PIPELINE.id}`);
    check(OgcGasPipelineFeature, one.json());
    expectErrorBody(await get('/ogc/collections/gas-pipelines/items/NOPE'), { status: 404 });
  });
});

describe('the HTML pages', () => {
  it('renders every page in Norwegian with links onwards', async () => {
    const html = { ...oslo, accept: 'text/html' };
    const pages: [string, string][] = [
      ['/ogc', 'FAST – anlegg med farlige stoffer'],
      ['/ogc/conformance', 'Standardene tjenesten følger'],
      ['/ogc/collections', 'Samlinger'],
      ['/ogc/collections/facilities', 'Anlegg'],
      ['/ogc/collections/gas-pipelines/queryables', 'Egenskaper: Gassrør'],
      ['/ogc/collections/gas-pipelines/items', 'Gassrør: objekter'],
    ];
    for (const [url, title] of pages) {
      const response = await get(url, html);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html; charset=utf-8/);
      expect(response.body, url).toContain(`<h1>${title}</h1>`);
      expect(response.body, url).not.toContain('<script');
    }
    expect((await get('/ogc/collections', html)).body).toContain(`href="${BASE}/collections/facilities/items?f=html"`);
  });
});
