import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorBody, FacilityDetail, HazardCard, MapFacilityPopup } from '@fast/contracts';
import mgrs from 'mgrs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectErrorBody, lastLogId } from '../../../../test/expectations.ts';
import { facilityRecord, importTestRecords } from '../../../../test/facility-factory.ts';
import { AMMONIA_FACILITY_DISTANCES } from '../../../../test/fixtures/erg-2016.ts';
import { pdfPages, pdfText } from '../../../../test/pdf-text.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';
import { findAccessToFacility } from '../../../modules/access-log/access-log.repository.ts';
import { loadReferenceLayer } from '../../../modules/reference-layers/reference-layer-load.service.ts';

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
      erg: { guide: 125 },
      figures: {
        edition: '2016',
        guideDistances: { isolationM: 100, largeSpillM: null, largeSpillAllDirections: false, fireIsolationM: 1600 },
        table1: { smallSpill: { isolationM: 30, dayM: 100, nightM: 200 }, largeSpill: null },
      },
      summary: { unNumber: '1005', guide: 125, toxicInhalation: true, table3: true, evacuationM: null, edition: '2016' },
    });
    expect(card.erg?.essentials.nn.health.length).toBeGreaterThan(0);
    expect(card.figures?.table3?.map((r) => r.container)).toEqual([
      'rail-tank-car',
      'highway-tank-truck',
      'agricultural-nurse-tank',
      'multiple-small-cylinders',
    ]);
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
    expectErrorBody(unknown, { type: 'NOT_FOUND' });
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
    expect(f.hazardDistances).toEqual(AMMONIA_FACILITY_DISTANCES);
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
      erg: { guide: 112, edition: '2016' },
      figures: {
        edition: '2016',
        guideDistances: { isolationM: 500, largeSpillM: 800, largeSpillAllDirections: true, fireIsolationM: 1600 },
        table1: null,
        table3: null,
        bleve: null,
      },
      summary: { guide: 112, isolationM: 500, evacuationM: 800, evacuationAllDirections: true, fireIsolationM: 1600 },
    });
    const fireworks = await getJson<HazardCard>('/api/v1/substances/0336');
    expect(fireworks).toMatchObject({
      adr: { classificationCode: '1.4G', labels: ['1.4'] },
      erg: { guide: 114, edition: '2016' },
      figures: { guideDistances: { isolationM: 100, largeSpillM: 250, largeSpillAllDirections: true, fireIsolationM: 500 } },
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
    // Detonators (0030, 50 kg) and emulsion (0241, 2 t) share guide 112's figures: the larger
    // quantity sets them, so the store is not credited to its detonators.
    expect(detail.hazardDistances.isolation).toMatchObject({ metres: 500, unNumber: '0241' });
    expect(detail.hazardDistances.evacuation).toMatchObject({
      metres: 800,
      unNumber: '0241',
      edition: '2016',
      table: 'guide',
      allDirections: true,
    });
    expect(detail.hazardDistances.fire).toMatchObject({ metres: 1600, unNumber: '0241' });
    const popup = await getJson<MapFacilityPopup>(`/api/v1/map/facilities/${MAGAZINE}`);
    expect(popup.hazardDistances).toEqual(detail.hazardDistances);
    const text = await pdfText((await get(`/api/v1/facilities/${MAGAZINE}/briefing`)).rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    const emulsion = `${detail.hazardDistances.evacuation?.name} (UN 0241)`;
    expect(flat).toContain(`Isoler i alle retninger: 500 m — ${emulsion}, ERG 2016, veiledning 112`);
    // All-around for the explosives guides: evacuation in all directions, drawn as a circle, no wind needed.
    expect(flat).toContain(`Evakuer i alle retninger: 800 m — ${emulsion}, ERG 2016, veiledning 112`);
    expect(flat).not.toContain('vindretning ikke oppgitt');
    expect(text).toMatch(/0336 .*114/);
    // The footer names the edition of the distances and of the guide texts, and keeps the map's attribution.
    expect(flat).toContain('alle avstander fra ERG 2016 (PHMSA)');
    expect(flat).toContain('(veiledning 112 og 114: ERG 2016)');
    expect(text).toContain('Kartverket');
  });
});

describe('GET /api/v1/facilities/:id/briefing', () => {
  /** The page's text with its lines joined, for the zone lines that wrap. */
  const flatText = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(await pdfPages(response.rawPayload)).toBe(1);
    const text = await pdfText(response.rawPayload);
    return { text, flat: text.replace(/\s+/g, ' ') };
  };
  /** An ERG figure as the page prints it: "60 m", "1,3 km"; "1 323 m" where one decimal of a kilometre would round it. */
  const grouped = (n: number) => new Intl.NumberFormat('nb-NO').format(n).replace(/\u00a0/g, ' ');
  const erg = (metres: number) =>
    metres >= 1000 && metres % 100 === 0 ? `${(metres / 1000).toFixed(1).replace('.', ',')} km` : `${grouped(metres)} m`;
  const AMMONIA_NB = 'Ammoniakk, vannfri (UN 1005)';

  it('is one A4 page with identity, positions, zones, essentials and every substance, and is access-logged', async () => {
    const since = await lastLogId(t.db);
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
    await vi.waitFor(async () => {
      const entries = (await findAccessToFacility(t.db, AMMONIA)).filter((e) => e.id > since);
      expect(entries).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'DOWNLOAD', detail: 'briefing' })]));
    });
  });

  it('without a wind direction: the isolation and fire circles, and the downwind distance in words, figure by figure from the ERG', async () => {
    const { flat } = await flatText(`/api/v1/facilities/${AMMONIA}/briefing`);
    const card = await getJson<HazardCard>('/api/v1/substances/1005');
    // 4 t of ammonia: a nurse tank's size (as the facility's largest distances read it), Table 3 at low wind.
    const nurse = card.figures?.table3?.find((r) => r.container === 'agricultural-nurse-tank');
    if (!nurse || !card.figures) throw new Error('ammonia has no nurse-tank row in Table 3');
    const source = 'ERG 2016, tabell 3, landbrukstank, svak vind';
    expect(flat).toContain(`Soner for ${AMMONIA_NB}, stoffet med anleggets største beskyttelsesavstand`);
    expect(flat).toContain(`Isoler i alle retninger: ${erg(nurse.isolationM)} — ${AMMONIA_NB}, ${source}`);
    // Both figures, night and day, since the page is kept and read later; never drawn without a direction.
    expect(flat).toContain(
      `Beskytt personer nedvinds: ${erg(nurse.night.low)} natt / ${erg(nurse.day.low)} dag — ${AMMONIA_NB}, ${source} — vindretning ikke oppgitt`,
    );
    expect(flat).toContain(
      `Brann: isoler ${erg(card.figures.fireIsolationM ?? 0)} i alle retninger — ${AMMONIA_NB}, ERG 2016, veiledning 125`,
    );
    // Guide 125's immediate isolation is larger than the nurse tank's: named, with its source.
    expect(flat).toContain(
      `Største isolasjonsavstand på anlegget: ${erg(card.figures.guideDistances.isolationM)} — ${AMMONIA_NB}, ERG 2016, veiledning 125 (ikke tegnet)`,
    );
    expect(flat).toContain('Vind vindretning ikke oppgitt, svak vind (ikke oppgitt: tabellens største avstand)');
    expect(flat).toContain('Vindretning ikke oppgitt');
    expect(flat).toContain('Utslipp stort');
    // Propane (2,5 m³) is a flammable gas: the BLEVE table, every row as the source holds it.
    const propane = await getJson<HazardCard>('/api/v1/substances/1978');
    const bleve = propane.figures?.bleve ?? [];
    expect(bleve.length).toBeGreaterThan(0);
    const rows = bleve.map((r) => `${grouped(r.capacityLitres)} l: ${erg(r.evacuationM)}`);
    expect(flat).toContain(`${rows.join(' · ')} — Propan (UN 1978), ERG 2016, BLEVE-tabellen`);
    // A downwind distance is never called evacuation.
    expect(flat).not.toMatch(/Evakuering|evakueringsavstand/i);
  });

  it('prints the guide essentials of the substance that sets the zones, in the user’s language, with the text’s edition', async () => {
    const card = await getJson<HazardCard>('/api/v1/substances/1005');
    if (!card.erg) throw new Error('ammonia has no guide');
    for (const lang of ['nb', 'nn'] as const) {
      const { text, flat } = await flatText(`/api/v1/facilities/${AMMONIA}/briefing?lang=${lang}`);
      const heading = lang === 'nb' ? 'Hva skal gjøres: ERG-veiledning 125' : 'Kva som skal gjerast: ERG-rettleiing 125';
      expect(flat).toContain(`${heading}, ${card.erg.title[lang]}`);
      expect(flat).toContain(`${lang === 'nb' ? 'Tekst skrevet' : 'Tekst skriven'} for FAST etter ERG ${card.erg.edition}`);
      const labels =
        lang === 'nb'
          ? ['Brann og eksplosjon', 'Helse', 'Sikkerhet for publikum', 'Verneutstyr', 'Første tiltak']
          : ['Brann og eksplosjon', 'Helse', 'Tryggleik for publikum', 'Verneutstyr', 'Første tiltak'];
      for (const label of labels) expect(text, label).toContain(label);
      const essentials = card.erg.essentials[lang];
      for (const item of Object.values(essentials).flat()) expect(text, item).toContain(item.slice(0, 24));
    }
  });

  it('with a wind direction: the downwind square for the wind, day or night and the wind class as given', async () => {
    const card = await getJson<HazardCard>('/api/v1/substances/1005');
    const nurse = card.figures?.table3?.find((r) => r.container === 'agricultural-nurse-tank');
    if (!nurse) throw new Error('ammonia has no nurse-tank row in Table 3');
    const { flat } = await flatText(
      `/api/v1/facilities/${AMMONIA}/briefing?windFromDegrees=225&windSpeed=moderate&daylight=day&spill=large&fire=true`,
    );
    expect(flat).toContain(
      `Beskytt personer nedvinds: ${erg(nurse.day.moderate)} dag — ${AMMONIA_NB}, ERG 2016, tabell 3, landbrukstank, moderat vind — tegnet nedvinds mot NØ (45°)`,
    );
    expect(flat).toContain('Vind fra 225° (SV), moderat vind');
    expect(flat).toContain('Dag eller natt dag (valgt)');
    expect(flat).toContain('Vind fra SV');
    expect(flat).not.toContain('vindretning ikke oppgitt');
    expect(flat).not.toMatch(/Evakuering/);
  });

  it('reads a small spill from Table 1, and leaves the fire out when asked', async () => {
    const card = await getJson<HazardCard>('/api/v1/substances/1005');
    const small = card.figures?.table1?.smallSpill;
    if (!small) throw new Error('ammonia has no Table 1 row');
    const { flat } = await flatText(`/api/v1/facilities/${AMMONIA}/briefing?spill=small&fire=false&windFromDegrees=90`);
    expect(flat).toContain(`Isoler i alle retninger: ${erg(small.isolationM)} — ${AMMONIA_NB}, ERG 2016, tabell 1`);
    // Day or night from the sun when the sheet is made: both figures are printed, the drawn one named.
    expect(flat).toContain(
      `Beskytt personer nedvinds: ${erg(small.nightM)} natt / ${erg(small.dayM)} dag — ${AMMONIA_NB}, ERG 2016, tabell 1 — tegnet nedvinds mot V (270°), sonen er tegnet for`,
    );
    expect(flat).toContain('Brann nei, ikke tatt med');
    // The fire distance is still on the page, in words.
    expect(flat).toContain(`Største brannavstand på anlegget: 1,6 km — ${AMMONIA_NB}, ERG 2016, veiledning 125 (ikke tegnet)`);
  });

  it('is written in Nynorsk all through when asked for, the access marking included', async () => {
    const { text, flat } = await flatText(`/api/v1/facilities/${AMMONIA}/briefing?lang=nn`);
    expect(text).toContain('Eigar');
    expect(text).toContain('Ammoniakk, vassfri');
    expect(text).toContain('Skjerma / avgrensa tilgang');
    expect(text).not.toContain('Skjermet');
    expect(text).not.toContain('Eier');
    expect(flat).toContain(
      'Vern personar nedvinds: 1,3 km natt / 500 m dag — Ammoniakk, vassfri (UN 1005), ERG 2016, tabell 3, landbrukstank, svak vind — vindretning ikkje oppgitt',
    );
    expect(flat).toContain('Isoler i alle retningar');
    expect(flat).toContain('Brann: isoler 1,6 km i alle retningar');
    expect(flat).toContain('rettleiing 125');
    expect(flat).toContain('Kjelder: alle avstandar frå ERG 2016 (PHMSA)');
    // No Bokmål word of the page's own.
    for (const word of ['ikke', 'Beskytt', 'retninger', 'veiledning', 'Kilder', 'Laget', 'Hva', 'Utslipp', 'Eier'])
      expect(flat, word).not.toMatch(new RegExp(`(^|[^\\p{L}])${word}($|[^\\p{L}])`, 'u'));
    const windy = await flatText(`/api/v1/facilities/${AMMONIA}/briefing?lang=nn&windFromDegrees=180&daylight=night`);
    expect(windy.flat).toContain('Vind frå 180° (S), svak vind (ikkje oppgitt: den største avstanden i tabellen)');
    expect(windy.flat).toContain(
      'Vern personar nedvinds: 1,3 km natt — Ammoniakk, vassfri (UN 1005), ERG 2016, tabell 3, landbrukstank, svak vind — teikna nedvinds mot N (0°)',
    );
    expect(windy.flat).toContain('Dag eller natt natt (valt)');
  });

  it('names the schools, kindergartens, care homes and hospitals inside the zones, or that none are loaded', async () => {
    const before = await flatText(`/api/v1/facilities/${AMMONIA}/briefing?spill=small&fire=false&windFromDegrees=90`);
    expect(before.flat).toContain(
      'Sårbare objekter — Sårbare objekter (skoler, barnehager, sykehjem, sykehus) er ikke lastet inn.',
    );
    const detail = await getJson<FacilityDetail>(`/api/v1/facilities/${AMMONIA}`);
    const at = detail.position?.wgs84;
    if (!at) throw new Error('the ammonia facility has no position');
    // A kindergarten 20 m north of the facility (1 metre of latitude is 1/111 200 degree), inside every zone.
    const file = join(mkdtempSync(join(tmpdir(), 'fast-briefing-')), 'sarbare.geojson');
    const feature = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [at.lon, at.lat + 20 / 111_200] },
      properties: { sourceId: 'briefing-1', kind: 'kindergarten', name: 'Tusenfryd barnehage', capacity: 48 },
    };
    writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features: [feature] }));
    await loadReferenceLayer(t.db, {
      layer: 'vulnerable-objects',
      path: file,
      format: 'geojson',
      dryRun: false,
      fileName: null,
      sizeBytes: 1,
      sha256: 'd'.repeat(64),
      loadedBy: 'Test',
    });
    const { flat } = await flatText(`/api/v1/facilities/${AMMONIA}/briefing?spill=small&fire=false&windFromDegrees=180`);
    expect(flat).toContain(
      'Sårbare objekter — I isolasjonssonen: 1 barnehage (48 barn); i sonen nedvinds: 1 barnehage (48 barn); nærmest: Tusenfryd barnehage, 20 m N. Utdanningsdirektoratet (NSR, NBR) og helseinstitusjonene (NLOD).',
    );
    await t.db.deleteFrom('reference_layer_version').execute();
  });

  it('refuses zone settings that do not fit, with the error body', async () => {
    for (const query of [
      'lang=sv',
      'windFromDegrees=361',
      'windFromDegrees=nord',
      'windSpeed=storm',
      'fire=ja',
      'spill=medium',
      'zoom=2',
    ]) {
      const response = await get(`/api/v1/facilities/${AMMONIA}/briefing?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect((response.json() as ErrorBody).type, query).toBe('VALIDATION_ERROR');
    }
    // A container is for a large spill of a Table 3 gas only (the protective-zones service says so).
    const small = await get(`/api/v1/facilities/${AMMONIA}/briefing?spill=small&container=rail-tank-car`);
    expect(small.statusCode).toBe(400);
    expect((small.json() as ErrorBody).type).toBe('VALIDATION_ERROR');
  });

  it('keeps 30 substances on one page, every UN number and guide with it', async () => {
    const detail = await getJson<FacilityDetail>(`/api/v1/facilities/${MANY}`);
    const rows = detail.substanceGroups.flatMap((g) => g.substances);
    expect(rows).toHaveLength(30);
    const { text } = await flatText(`/api/v1/facilities/${MANY}/briefing`);
    expect(text).not.toContain('fikk ikke plass');
    for (const row of rows) {
      expect(text, row.unNumber).toContain(row.unNumber);
      if (row.hazard?.guide) expect(text, row.unNumber).toContain(String(row.hazard.guide));
    }
  });

  it('uses the local UTM zone of a facility in Nordland', async () => {
    const detail = await getJson<FacilityDetail>(`/api/v1/facilities/${BODO}`);
    const zone = detail.position?.localUtm.zone ?? 0;
    const { text } = await flatText(`/api/v1/facilities/${BODO}/briefing?windFromDegrees=300`);
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
