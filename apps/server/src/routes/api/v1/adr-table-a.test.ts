import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FacilityDetail, HazardCard, ReferenceLayerImportReport, ReferenceLayerSummary } from '@fast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chlorineWaterworks, importTestRecords } from '../../../../test/facility-factory.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { importLayer } from '../../../../test/reference-layers.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';
import { splitFields } from '../../../modules/reference-layers/layer-file.ts';

const FIXTURE = readFileSync(join(import.meta.dirname, '../../../../test/fixtures/reference/adr-table-a-2017.csv'), 'utf8');
const [HEADER = '', ...ROWS] = FIXTURE.trimEnd().split('\n');
const COLUMNS = splitFields(HEADER);
const WATERWORKS = 64102; // 3 t of chlorine in Oslo

/** Chlorine as an ADR 2025 row that differs from ADR 2017's in every fact the card shows. */
const CHLORINE_2025 = {
  Name: 'CHLORINE, EDITED',
  ClassificationCode: '2TC',
  PackingGroup: 'II',
  Labels: '2.3+8',
  HazardNumber: '268',
  Edition: '2025',
};
/** The fixture as ADR 2025 with chlorine changed, and without propane (1978): a UN number the loaded table lacks. */
const ADR_2025 = [
  HEADER,
  ...ROWS.filter((row) => !row.startsWith('1978;')).map((row) => {
    const fields = splitFields(row);
    const changes: Record<string, string> = fields[0] === '1017' ? CHLORINE_2025 : { Edition: '2025' };
    for (const [name, value] of Object.entries(changes)) fields[COLUMNS.indexOf(name)] = value;
    return fields.join(';');
  }),
].join('\n');

/** What the bundled cards say (ADR 2017, apps/server/reference/hazard-cards). */
const CHLORINE_2017 = {
  name: 'CHLORINE',
  adr: {
    class: '2',
    classificationCode: '2TOC',
    packingGroup: null,
    labels: ['2.3', '5.1', '8'],
    hazardNumber: '265',
    edition: '2017',
  },
};
const CHLORINE_LOADED = {
  name: 'CHLORINE, EDITED',
  adr: { class: '2', classificationCode: '2TC', packingGroup: 'II', labels: ['2.3', '8'], hazardNumber: '268', edition: '2025' },
};
const PROPANE_2017 = {
  name: 'PROPANE',
  adr: { class: '2', classificationCode: '2F', packingGroup: null, labels: ['2.1'], hazardNumber: '23', edition: '2017' },
};

let t: TestApp;
let admin: Record<string, string>;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.headersFor('fast.admin');
  headers = await t.headersFor('oslo.brann', DEMO_ORGANISATIONS.osloBrann.organisation_number);
  await importTestRecords(t.db, [
    chlorineWaterworks(WATERWORKS, { latitude: 59.9139, longitude: 10.7522 }, { street: 'Testveien 2' }),
  ]);
}, 120_000);
afterAll(async () => t?.close());

async function loadLayer(body: string, dryRun = false) {
  const response = await importLayer(t, admin, 'adr-table-a', body, { dryRun, fileName: 'adr.csv' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReferenceLayerImportReport;
}

async function rollBack() {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/reference-layers/adr-table-a/rollback',
    headers: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReferenceLayerSummary;
}

/** The card's English name and ADR facts, and the edition its summary names. */
async function card(unNumber: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/substances/${unNumber}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-cache');
  const { name, adr, summary } = response.json() as HazardCard;
  expect([summary.adrClass, summary.labels, summary.hazardNumber, summary.adrEdition]).toEqual([
    adr.class,
    adr.labels,
    adr.hazardNumber,
    adr.edition,
  ]);
  return { name: name.en, adr };
}

/** The facility's chlorine row (its labels and their edition) and the ADR edition its briefing's sources name. */
async function facility() {
  const detail = await t.app.inject({ method: 'GET', url: `/api/v1/facilities/${WATERWORKS}`, headers });
  expect(detail.statusCode, detail.body).toBe(200);
  const row = (detail.json() as FacilityDetail).substanceGroups.flatMap((g) => g.substances).find((s) => s.unNumber === '1017');
  const briefing = await t.app.inject({ method: 'GET', url: `/api/v1/facilities/${WATERWORKS}/briefing`, headers });
  expect(briefing.statusCode, briefing.body).toBe(200);
  const footer = /klasse og skilt: ((ADR \d{4})( og ADR \d{4})*)/.exec((await pdfText(briefing.rawPayload)).replace(/\s+/g, ' '));
  return { labels: row?.hazard?.labels, edition: row?.hazard?.adrEdition, briefing: footer?.[1] };
}

describe(`ADR Table A as the authority loads it (adr-table-a) on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('shows the bundled ADR 2017 facts before any load', async () => {
    expect(await card('1017')).toEqual(CHLORINE_2017);
    expect(await card('1978')).toEqual(PROPANE_2017);
    expect(await facility()).toEqual({ labels: ['2.3', '5.1', '8'], edition: '2017', briefing: 'ADR 2017' });
  });

  it('shows a loaded edition’s facts at once, the bundled ones where it lacks the UN number, and the previous after a rollback', async () => {
    expect(await loadLayer(FIXTURE)).toMatchObject({ layer: 'adr-table-a', loaded: 152, invalid: 0, version: { version: 1 } });
    expect(await card('1017')).toEqual(CHLORINE_2017);

    expect(await loadLayer(ADR_2025)).toMatchObject({ loaded: 151, invalid: 0, version: { version: 2 } });
    expect(await card('1017')).toEqual(CHLORINE_LOADED);
    expect(await card('1978')).toEqual(PROPANE_2017);
    expect(await facility()).toEqual({ labels: ['2.3', '8'], edition: '2025', briefing: 'ADR 2025' });

    expect((await rollBack()).active?.version).toBe(1);
    expect(await card('1017')).toEqual(CHLORINE_2017);
    expect(await facility()).toEqual({ labels: ['2.3', '5.1', '8'], edition: '2017', briefing: 'ADR 2017' });

    expect((await rollBack()).active?.version).toBe(2);
    expect(await card('1017')).toEqual(CHLORINE_LOADED);
  });

  it('changes nothing on a dry run', async () => {
    const before = await card('1017');
    expect(await loadLayer(FIXTURE.replaceAll(';2017\n', ';2026\n'), true)).toMatchObject({
      dryRun: true,
      loaded: 152,
      version: null,
    });
    expect(await card('1017')).toEqual(before);
  });

  it('lets no one but an administrator load it', async () => {
    const response = await importLayer(t, headers, 'adr-table-a', FIXTURE, { dryRun: true });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ type: 'ACCESS_DENIED' });
  });
});
