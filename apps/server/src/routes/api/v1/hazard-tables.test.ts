import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  FacilityDetail,
  HazardCard,
  ProtectiveZonesResponse,
  ReferenceLayerImportReport,
  ReferenceLayerSummary,
} from '@fast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chlorineWaterworks, importTestRecords } from '../../../../test/facility-factory.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { importLayer } from '../../../../test/reference-layers.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';
import { splitFields } from '../../../modules/reference-layers/layer-file.ts';

const FIXTURE = readFileSync(join(import.meta.dirname, '../../../../test/fixtures/reference/erg-2016-hazard-tables.csv'), 'utf8');
const [HEADER = '', ...ROWS] = FIXTURE.trimEnd().split('\n');
const COLUMNS = splitFields(HEADER);
const column = (name: string) => COLUMNS.indexOf(name);
const WATERWORKS = 64101; // 3 t of chlorine in Oslo
const SPILL = { latitude: 59.9139, longitude: 10.7522 };

/** The fixture as ERG 2024, with chlorine's small-spill isolation 60 m → 100 m: a figure no other edition has. */
const ERG_2024 = [
  HEADER,
  ...ROWS.map((row) => {
    const fields = splitFields(row);
    fields[column('Edition')] = '2024';
    if (fields[column('IDNum')] === '1017') fields[column('SM_ISO')] = '100';
    return fields.join(';');
  }),
].join('\n');

let t: TestApp;
let admin: Record<string, string>;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.headersFor('fast.admin');
  headers = await t.headersFor('oslo.brann', DEMO_ORGANISATIONS.osloBrann.organisation_number);
  await importTestRecords(t.db, [chlorineWaterworks(WATERWORKS, SPILL)]);
}, 120_000);
afterAll(async () => t?.close());

async function loadLayer(body: string) {
  const response = await importLayer(t, admin, 'hazard-tables', body, { fileName: 'erg-2024.csv' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReferenceLayerImportReport;
}

async function chlorine() {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/substances/1017', headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-cache');
  const card = response.json() as HazardCard;
  return { edition: card.figures?.edition, isolationM: card.figures?.table1?.smallSpill.isolationM };
}

async function smallSpillZones() {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/protective-zones',
    headers,
    payload: {
      unNumber: '1017',
      latitude: 59.9139,
      longitude: 10.7522,
      spill: 'small',
      fire: false,
      windFromDegrees: 225,
      daylight: 'day',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { parameters } = response.json() as ProtectiveZonesResponse;
  return { edition: parameters.edition, isolationM: parameters.isolation.metres };
}

/** The editions the facility's page, its largest distances and its briefing's sources name. */
async function facilityEditions() {
  const detail = await t.app.inject({ method: 'GET', url: `/api/v1/facilities/${WATERWORKS}`, headers });
  expect(detail.statusCode, detail.body).toBe(200);
  const { hazardDistances, substanceGroups } = detail.json() as FacilityDetail;
  const briefing = await t.app.inject({ method: 'GET', url: `/api/v1/facilities/${WATERWORKS}/briefing`, headers });
  expect(briefing.statusCode, briefing.body).toBe(200);
  const footer = /alle avstander fra ERG (\d{4}) \(PHMSA\)/.exec((await pdfText(briefing.rawPayload)).replace(/\s+/g, ' '));
  return {
    row: substanceGroups.flatMap((g) => g.substances).find((r) => r.unNumber === '1017')?.hazard?.edition,
    largest: hazardDistances.isolation?.edition,
    briefing: footer?.[1],
  };
}
const all = (edition: string) => ({ row: edition, largest: edition, briefing: edition });

describe(`the ERG tables the authority loads (hazard-tables) on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('shows the bundled ERG 2016 before any load', async () => {
    expect(await chlorine()).toEqual({ edition: '2016', isolationM: 60 });
    expect(await smallSpillZones()).toEqual({ edition: '2016', isolationM: 60 });
    expect(await facilityEditions()).toEqual(all('2016'));
  });

  it('shows a loaded edition at once on the card and in the zones, and ERG 2016 again after a rollback', async () => {
    expect(await loadLayer(FIXTURE)).toMatchObject({ loaded: 684, invalid: 0, version: { version: 1 } });
    expect(await chlorine()).toEqual({ edition: '2016', isolationM: 60 });

    const report = await loadLayer(ERG_2024);
    expect(report).toMatchObject({ layer: 'hazard-tables', loaded: 684, invalid: 0, version: { version: 2 } });
    expect(await chlorine()).toEqual({ edition: '2024', isolationM: 100 });
    expect(await smallSpillZones()).toEqual({ edition: '2024', isolationM: 100 });
    expect(await facilityEditions()).toEqual(all('2024'));

    const rollback = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/reference-layers/hazard-tables/rollback',
      headers: admin,
    });
    expect(rollback.statusCode, rollback.body).toBe(200);
    expect((rollback.json() as ReferenceLayerSummary).active?.version).toBe(1);
    expect(await chlorine()).toEqual({ edition: '2016', isolationM: 60 });
    expect(await smallSpillZones()).toEqual({ edition: '2016', isolationM: 60 });
    expect(await facilityEditions()).toEqual(all('2016'));

    await t.app.inject({ method: 'POST', url: '/api/v1/admin/reference-layers/hazard-tables/rollback', headers: admin });
    expect(await chlorine()).toEqual({ edition: '2024', isolationM: 100 });
  });

  it('changes nothing on a dry run', async () => {
    const before = await chlorine();
    const response = await importLayer(t, admin, 'hazard-tables', FIXTURE.replaceAll(';2016\n', ';2025\n'), { dryRun: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ dryRun: true, loaded: 684, version: null });
    expect(await chlorine()).toEqual(before);
  });
});
