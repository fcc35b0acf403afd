import type { ErrorBody, FacilityDetail, HazardCard, MapFacilityPopup } from '@fast/contracts';
import mgrs from 'mgrs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { facilityRecord, importTestRecords } from '../../../../test/facility-factory.ts';
import { pdfPages, pdfText } from '../../../../test/pdf-text.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';
import { findAccessToFacility } from '../../../modules/access-log/access-log.repository.ts';

const OSLO = DEMO_ORGANISATIONS.osloBrann.organisation_number;
const AMMONIA = 63001;
const MANY = 63002;
const BODO = 63003;
const BAERUM = 63004; // municipality 3201: outside oslo.brann's scope
const MAGAZINE = 63005; // an explosives magazine: blasting explosives, detonators, consumer fireworks
const AMMONIA_NAME = 'Kjøleanlegg Ørje Fisk';

// Every non-explosive substance of the catalogue, for a facility with 30 substance rows.
const CODES = [
  'PROPAN',
  'LPG',
  'BUTAN',
  'LNG',
  'NATURGASS',
  'BIOGASS',
  'HYDROGEN',
  'ACETYLEN',
  'AMMONIAKK',
  'KLOR',
  'SVOVELDIOKSID',
  'BENSIN',
  'ETANOL',
  'METANOL',
  'JET_A1',
  'DIESEL',
  'PARAFIN',
  'OKSYGEN',
  'AMMONIUMNITRAT',
  'AN_GJODSEL',
  'KARBONDIOKSID',
  'NITROGEN',
];

let t: TestApp;
let headers: Record<string, string>;
const get = (url: string, extra: Record<string, string> = headers) => t.app.inject({ method: 'GET', url, headers: extra });
async function getJson<T>(url: string): Promise<T> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}
/**
 * PROJ's own answers for the two facilities' WGS84 positions in ETRS89 / UTM zones 32 and 33:
 * `echo "59.9139 10.7522" | cs2cs -f %.3f EPSG:4326 EPSG:258zz` (Oslo) and
 * `echo "67.2827 14.3801" | cs2cs -f %.3f EPSG:4326 EPSG:258zz` (Bodø), PROJ 9.1.1.
 */
const PROJ = {
  oslo: { 32: { east: 597979.903, north: 6643118.991 }, 33: { east: 262560.482, north: 6649443.584 } },
  bodo: { 32: { east: 731619.298, north: 7472935.804 }, 33: { east: 473285.412, north: 7463028.58 } },
} as const;
function projUtm(place: keyof typeof PROJ, zone: number): { east: number; north: number } {
  const position = (PROJ[place] as Record<number, { east: number; north: number }>)[zone];
  if (!position) throw new Error(`no PROJ control value for ${place} in zone ${zone}`);
  return position;
}
async function lastLogId(): Promise<number> {
  const row = await t.db
    .selectFrom('access_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

beforeAll(async () => {
  t = await createTestApp();
  headers = await t.headersFor('oslo.brann', OSLO);
  const user = await t.db.selectFrom('app_user').select('id').where('username', '=', 'oslo.brann').executeTakeFirstOrThrow();
  await t.db
    .insertInto('municipality_access')
    .values({ user_id: user.id, organisation_number: OSLO, municipality_id: '1804', given: true })
    .execute();
  await importTestRecords(t.db, [
    facilityRecord(AMMONIA, {
      name: AMMONIA_NAME,
      owner: { name: 'Ørje Fisk AS', organisationNumber: '910000020', info: null },
      client: { name: 'Kuldeservice Øst AS', organisationNumber: '910000047', info: null },
      majorAccident: 'PARAGRAPH_SIX',
      units: [
        { type: 'KULDE', name: 'Maskinrom', substances: [{ substance: 'AMMONIAKK', quantity: 4, unit: 'tonn' }] },
        { type: 'FORBRUK', name: null, substances: [{ substance: 'PROPAN', quantity: 2.5, unit: 'm3' }] },
      ],
      inspections: [
        {
          year: 2023,
          type: 'ON_SITE',
          authority: 'FIRE_SERVICE',
          status: 'DONE',
          contactPerson: null,
          caseNumber: null,
          inspectedOn: '2023-09-14',
          deviations: 0,
          remarks: 0,
          reaction: 'NONE',
          report: null,
        },
      ],
    }),
    facilityRecord(MANY, {
      name: 'Industriparken Tretti',
      units: [
        {
          type: 'LAGER',
          name: 'Lager A',
          substances: CODES.slice(0, 15).map((substance) => ({ substance, quantity: 1.5, unit: 'tonn' as const })),
        },
        {
          type: 'TANK',
          name: 'Tankgård',
          substances: CODES.slice(7).map((substance) => ({ substance, quantity: 120, unit: 'm3' as const })),
        },
      ],
    }),
    facilityRecord(BODO, {
      name: 'Bodø Kjølelager',
      address: { street: 'Havnegata 1', postalCode: '8006', postalPlace: 'Bodø', municipalityId: '1804' },
      position: { longitude: 14.3801, latitude: 67.2827 },
      units: [{ type: 'KULDE', name: null, substances: [{ substance: 'AMMONIAKK', quantity: 2, unit: 'tonn' }] }],
    }),
    facilityRecord(MAGAZINE, {
      name: 'Sprengstofflager Steinbrudd',
      explosives: true,
      units: [
        {
          type: 'EKSPLOSIVLAGER',
          name: 'Container 1',
          substances: [
            { substance: 'FYRVERKERI_FORBRUKER', quantity: 0.4, unit: 'tonn' },
            { substance: 'SPRENGSTOFF_E', quantity: 2, unit: 'tonn' },
            { substance: 'TENNERE_ELEKTRISKE', quantity: 0.05, unit: 'tonn' },
          ],
        },
      ],
    }),
    facilityRecord(BAERUM, {
      address: { street: 'Sandvikaveien 1', postalCode: '1337', postalPlace: 'Sandvika', municipalityId: '3201' },
      position: { longitude: 10.52, latitude: 59.89 },
    }),
  ]);
}, 120_000);
afterAll(async () => t?.close());

describe('GET /api/v1/substances/:unNumber', () => {
  it('answers the card of anhydrous ammonia in both written forms', async () => {
    const card = await getJson<HazardCard>('/api/v1/substances/1005');
    expect(card).toMatchObject({
      unNumber: '1005',
      name: { nb: 'Ammoniakk, vannfri', nn: 'Ammoniakk, vassfri', en: 'AMMONIA, ANHYDROUS' },
      adr: { class: '2', classificationCode: '2TC', labels: ['2.3', '8'], hazardNumber: '268' },
      erg: { guide: 125, isolationM: 100, fireIsolationM: 1600, largeSpillEvacuationM: null },
      summary: { unNumber: '1005', guide: 125, toxicInhalation: true },
    });
    expect(card.erg?.essentials.nn.health.length).toBeGreaterThan(0);
    expect(card.tih?.largeSpill.isolationM).toBeGreaterThanOrEqual(card.tih?.smallSpill.isolationM ?? 0);
  });

  it('holds the control values of propane and chlorine', async () => {
    expect(await getJson<HazardCard>('/api/v1/substances/1978')).toMatchObject({
      adr: { classificationCode: '2F', hazardNumber: '23' },
      erg: { guide: 115 },
    });
    const chlorine = await getJson<HazardCard>('/api/v1/substances/1017');
    expect(chlorine).toMatchObject({ adr: { hazardNumber: '265' }, erg: { guide: 124 }, summary: { toxicInhalation: true } });
  });

  it('needs no organisation, but a signed-in user who has accepted the terms', async () => {
    const withoutOrganisation = { authorization: headers.authorization as string };
    expect((await get('/api/v1/substances/1203', withoutOrganisation)).statusCode).toBe(200);
    expect((await get('/api/v1/substances/1203', {})).statusCode).toBe(401);
    const fresh = { authorization: `Bearer ${await t.tokenFor('ny.bruker')}` };
    const refused = await get('/api/v1/substances/1203', fresh);
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as ErrorBody).type).toBe('ACCESS_DENIED');
  });

  it('answers 404 for an unknown UN number and 400 for a malformed one, with the error body', async () => {
    const unknown = await get('/api/v1/substances/9999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ reference: expect.any(String), type: 'NOT_FOUND', message: expect.any(String) });
    for (const bad of ['abc', '12345', '10%2005', 'UN1005']) {
      const response = await get(`/api/v1/substances/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect((response.json() as ErrorBody).type).toBe('VALIDATION_ERROR');
    }
  });
});

describe('hazard fields of the facility detail and the map popup', () => {
  it('gives each substance row its card summary and the facility its largest distances', async () => {
    const f = await getJson<FacilityDetail>(`/api/v1/facilities/${AMMONIA}`);
    const rows = f.substanceGroups.flatMap((g) => g.substances);
    const ammonia = rows.find((r) => r.unNumber === '1005');
    const ammoniaCard = await getJson<HazardCard>('/api/v1/substances/1005');
    expect(ammonia?.hazard).toEqual(ammoniaCard.summary);
    expect(rows.find((r) => r.unNumber === '1978')?.hazard).toMatchObject({ guide: 115, hazardNumber: '23', labels: ['2.1'] });
    // Ammonia's table 1 figures exceed propane's guide figures on both counts.
    expect(f.hazardDistances).toEqual({
      isolation: {
        metres: ammoniaCard.summary.isolationM,
        unNumber: '1005',
        name: 'Ammoniakk, vannfri',
        nameNn: 'Ammoniakk, vassfri',
      },
      evacuation: {
        metres: ammoniaCard.summary.evacuationM,
        dayMetres: ammoniaCard.summary.evacuationDayM,
        unNumber: '1005',
        name: 'Ammoniakk, vannfri',
        nameNn: 'Ammoniakk, vassfri',
      },
    });
    expect(ammoniaCard.summary.evacuationM).toBeGreaterThan(800);
    expect(f.briefingPath).toBe(`/facilities/${AMMONIA}/briefing`);
  });

  it('puts the same largest distances in the map popup', async () => {
    const detail = await getJson<FacilityDetail>(`/api/v1/facilities/${AMMONIA}`);
    const popup = await getJson<MapFacilityPopup>(`/api/v1/map/facilities/${AMMONIA}`);
    expect(popup.hazardDistances).toEqual(detail.hazardDistances);
  });
});

describe('an explosives facility', () => {
  it('has cards with ERG guide 112 or 114 by division, their distances ordered', async () => {
    const emulsion = await getJson<HazardCard>('/api/v1/substances/0241');
    expect(emulsion).toMatchObject({
      adr: { class: '1', classificationCode: '1.1D', hazardNumber: null },
      erg: { guide: 112, edition: '2016', isolationM: 500, largeSpillEvacuationM: 800, fireIsolationM: 1600 },
      summary: { guide: 112, isolationM: 500, evacuationM: 800, fireIsolationM: 1600 },
    });
    const fireworks = await getJson<HazardCard>('/api/v1/substances/0336');
    expect(fireworks).toMatchObject({
      adr: { classificationCode: '1.4G', labels: ['1.4'] },
      erg: { guide: 114, edition: '2016', isolationM: 100, largeSpillEvacuationM: 250, fireIsolationM: 500 },
    });
    expect(fireworks.erg?.essentials.nn.firstActions.length).toBeGreaterThan(0);
    const detail = await getJson<FacilityDetail>(`/api/v1/facilities/${MAGAZINE}`);
    const rows = detail.substanceGroups.flatMap((g) => g.substances);
    expect(rows.map((r) => [r.unNumber, r.hazard?.guide])).toEqual(
      expect.arrayContaining([
        ['0241', 112],
        ['0030', 112],
        ['0336', 114],
      ]),
    );
    for (const row of rows) {
      const { isolationM, evacuationM, fireIsolationM } = row.hazard ?? {};
      expect(isolationM, row.unNumber).toBeGreaterThan(0);
      expect(evacuationM, row.unNumber).toBeGreaterThanOrEqual(isolationM ?? Infinity);
      expect(fireIsolationM, `${row.unNumber}: fire ≥ isolation`).toBeGreaterThanOrEqual(isolationM ?? Infinity);
    }
  });

  it('gets its largest distances from the division 1.1 explosives, on the page, in the popup and the briefing', async () => {
    const detail = await getJson<FacilityDetail>(`/api/v1/facilities/${MAGAZINE}`);
    // Detonators (0030) and emulsion (0241) share guide 112's figures: the lower UN number is named.
    expect(detail.hazardDistances.isolation).toMatchObject({ metres: 500, unNumber: '0030' });
    expect(detail.hazardDistances.evacuation).toEqual({
      metres: 800,
      unNumber: '0030',
      name: 'Tennere, elektriske',
      nameNn: 'Tennarar, elektriske',
    });
    const popup = await getJson<MapFacilityPopup>(`/api/v1/map/facilities/${MAGAZINE}`);
    expect(popup.hazardDistances).toEqual(detail.hazardDistances);
    const text = await pdfText((await get(`/api/v1/facilities/${MAGAZINE}/briefing`)).rawPayload);
    expect(text).toContain('Største isolasjonsavstand: 500 m, UN 0030');
    expect(text).toContain('Største evakueringsavstand: 800 m, UN 0030');
    expect(text).toMatch(/0336 .*114/);
    // The footer names the edition of the explosives guides and keeps the map's attribution.
    expect(text).toContain('ERG 2024 (guide 112 og 114: ERG 2016)');
    expect(text).toContain('Kartverket');
  });
});

describe('GET /api/v1/facilities/:id/briefing', () => {
  it('is one A4 page with identity, positions, distances and every substance, and is access-logged', async () => {
    const since = await lastLogId();
    const response = await get(`/api/v1/facilities/${AMMONIA}/briefing`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const bytes = response.rawPayload;
    expect(await pdfPages(bytes)).toBe(1);
    const text = await pdfText(bytes);
    expect(text).toContain('INNSATSARK');
    expect(text).toContain(AMMONIA_NAME);
    expect(text).toContain(String(AMMONIA));
    expect(text).toContain('Skjermet / begrenset tilgang');
    expect(text).toContain('Ørje Fisk AS, org.nr. 910000020');
    expect(text).toContain('Kuldeservice Øst AS, org.nr. 910000047');
    expect(text).toContain('Meldepliktig etter § 6');
    expect(text).toContain('Største isolasjonsavstand: 150 m, UN 1005');
    expect(text).toContain('14.09.2023');
    // UTM as PROJ computes it, in the facility's local zone as the detail gives it.
    const detail = await getJson<FacilityDetail>(`/api/v1/facilities/${AMMONIA}`);
    const { zone } = detail.position?.localUtm ?? { zone: 32 };
    const proj = projUtm('oslo', zone);
    expect(text).toContain(`UTM sone ${zone}`);
    expect(text).toMatch(new RegExp(`N ${Math.round(proj.north)}\\s+Ø ${Math.round(proj.east)}`));
    const ref = mgrs.forward([10.7522, 59.9139], 5);
    expect(text.replace(/ /g, '')).toContain(ref);
    expect(text).toContain('59.913900, 10.752200');
    expect(text).toContain('59° 54,834′ N');
    // Each substance's row: UN number, then its plate (number/UN), then its guide.
    expect(text).toMatch(/1005 .*268\/1005 .*125/);
    expect(text).toMatch(/1978 .*23\/1978 .*115/);
    const evacuation = new Intl.NumberFormat('nb-NO')
      .format(detail.hazardDistances.evacuation?.metres ?? 0)
      .replace(/\u00a0/g, ' ');
    expect(text).toContain(`Største evakueringsavstand: ${evacuation} m, UN 1005`);
    await vi.waitFor(async () => {
      const entries = (await findAccessToFacility(t.db, AMMONIA)).filter((e) => e.id > since);
      expect(entries).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'DOWNLOAD', detail: 'briefing' })]));
    });
  });

  it('is written in Nynorsk when asked for', async () => {
    const text = await pdfText((await get(`/api/v1/facilities/${AMMONIA}/briefing?lang=nn`)).rawPayload);
    expect(text).toContain('Eigar');
    expect(text).toContain('Ammoniakk, vassfri');
    expect(text).toContain('Skjermet / begrenset tilgang');
    expect(text).not.toContain('Eier');
    expect((await get(`/api/v1/facilities/${AMMONIA}/briefing?lang=sv`)).statusCode).toBe(400);
  });

  it('keeps 30 substances on one page, every UN number and guide with it', async () => {
    const detail = await getJson<FacilityDetail>(`/api/v1/facilities/${MANY}`);
    const rows = detail.substanceGroups.flatMap((g) => g.substances);
    expect(rows).toHaveLength(30);
    const bytes = (await get(`/api/v1/facilities/${MANY}/briefing`)).rawPayload;
    expect(await pdfPages(bytes)).toBe(1);
    const text = await pdfText(bytes);
    expect(text).not.toContain('fikk ikke plass');
    for (const row of rows) {
      expect(text, row.unNumber).toContain(row.unNumber);
      if (row.hazard?.guide) expect(text, row.unNumber).toContain(String(row.hazard.guide));
    }
  });

  it('uses the local UTM zone of a facility in Nordland', async () => {
    const detail = await getJson<FacilityDetail>(`/api/v1/facilities/${BODO}`);
    const zone = detail.position?.localUtm.zone ?? 0;
    const text = await pdfText((await get(`/api/v1/facilities/${BODO}/briefing`)).rawPayload);
    const proj = projUtm('bodo', zone);
    expect(text).toContain(`UTM sone ${zone}`);
    expect(text).toMatch(new RegExp(`N ${Math.round(proj.north)}\\s+Ø ${Math.round(proj.east)}`));
  });

  it('is not found outside the scope, like every document, and nothing is logged', async () => {
    for (const id of [BAERUM, 999999]) {
      const response = await get(`/api/v1/facilities/${id}/briefing`);
      expect(response.statusCode).toBe(404);
      expect((response.json() as ErrorBody).type).toBe('NOT_FOUND');
    }
    // Give a (wrong) log write the time to land before looking for it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await findAccessToFacility(t.db, BAERUM)).toEqual([]);
  });
});

describe('GET /api/v1/facilities/:id/substance-report?lang=nn', () => {
  it('writes the substance report in Nynorsk', async () => {
    const text = await pdfText((await get(`/api/v1/facilities/${AMMONIA}/substance-report?lang=nn`)).rawPayload);
    expect(text).toContain('Stoff etter stoffgruppe');
    expect(text).toContain('Eigar');
    expect(text).toContain('Ammoniakk, vassfri');
  });
});
