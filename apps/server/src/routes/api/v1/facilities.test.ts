import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FacilityAttachment, FacilityDetail, ImportDocument } from '@fast/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectErrorBody, lastLogId } from '../../../../test/expectations.ts';
import { facilityRecord, importTestRecords } from '../../../../test/facility-factory.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';
import { renderPdf } from '../../../demo/pdf.ts';
import { findAccessToFacility } from '../../../modules/access-log/access-log.repository.ts';

const OSLO = DEMO_ORGANISATIONS.osloBrann.organisation_number;
const FULL = 61001;
const EMPTY = 61002;
const BODO = 61003;
const KIRKENES = 61004;
const TROMSO = 61005; // west of 24°E, yet in zone 35 with the rest of Troms
const BAERUM = 62001; // municipality 3201: requested by Oslo brann, not given
const FULL_NAME = 'Sjøgata Kjøle- og Gasslager Æra';
const AN_FERTILISER = 'Ammoniumnitratbasert gjødsel';

/** A PDF that names the facility and an æøå substance, as real reports do. */
async function report(title: string, date: string): Promise<ImportDocument> {
  const pdf = await renderPdf({
    title,
    meta: [FULL_NAME, `Dato ${date}`],
    sections: [{ heading: 'Stoffer', lines: [`${AN_FERTILISER}: 40 tonn`, 'Røyksvakt krutt er ikke lagret her.'] }],
    date,
  });
  return { title, date, contentBase64: pdf.toString('base64') };
}

let t: TestApp;
let headers: Record<string, string>;

const get = (url: string, extra: Record<string, string> = headers) => t.app.inject({ method: 'GET', url, headers: extra });
const getJson = async <T>(url: string) => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};
/** The log is written once the answer has gone out: wait for the entry rather than race it. */
async function expectLogged(facilityId: number, since: number, entry: Record<string, unknown>) {
  await vi.waitFor(async () => {
    const entries = (await findAccessToFacility(t.db, facilityId)).filter((e) => e.id > since);
    expect(entries).toEqual(expect.arrayContaining([expect.objectContaining(entry)]));
  });
}

beforeAll(async () => {
  t = await createTestApp();
  headers = await t.headersFor('oslo.brann', OSLO);
  const user = await t.db.selectFrom('app_user').select('id').where('username', '=', 'oslo.brann').executeTakeFirstOrThrow();
  // Bodø (zone 33) and Sør-Varanger (zone 35) besides Oslo (zone 32), for the coordinate checks.
  await t.db
    .insertInto('municipality_access')
    .values(
      ['1804', '5605', '5501'].map((m) => ({ user_id: user.id, organisation_number: OSLO, municipality_id: m, given: true })),
    )
    .execute();

  await importTestRecords(t.db, [
    facilityRecord(FULL, {
      name: FULL_NAME,
      ownerType: 'BUSINESS',
      owner: { name: 'Sjøgata Kjøl AS', organisationNumber: '910000020', info: null },
      client: { name: 'Gassløsninger Øst AS', organisationNumber: '910000047', info: 'Melder på vegne av eieren' },
      address: { street: 'Sjøgata 7', postalCode: '0150', postalPlace: 'Oslo', municipalityId: '0301' },
      position: { longitude: 10.7522, latitude: 59.9139 },
      positionAccuracy: 'PROPERTY',
      majorAccident: 'PARAGRAPH_NINE',
      firstSubstanceNotificationOn: '2016-04-01',
      units: [
        {
          type: 'LAGER',
          name: 'Gjødsellager',
          substances: [
            { substance: 'AN_GJODSEL', quantity: 40, unit: 'tonn' },
            { substance: 'AMMONIUMNITRAT', quantity: 2.5, unit: 'tonn' },
          ],
        },
        {
          type: 'KULDE',
          name: null,
          substances: [
            { substance: 'AMMONIAKK', quantity: 1.2, unit: 'tonn' },
            { substance: 'AMMONIAKK', quantity: 300, unit: 'kg' },
          ],
        },
        { type: 'FORBRUK', name: 'Gasstank', substances: [{ substance: 'PROPAN', quantity: 4.9, unit: 'm3' }] },
      ],
      inspections: [
        {
          year: 2022,
          type: 'ON_SITE',
          authority: 'FIRE_SERVICE',
          status: 'DONE',
          contactPerson: 'Åse Ødegård',
          caseNumber: '2022/1234',
          inspectedOn: '2022-05-03',
          deviations: 2,
          remarks: 1,
          reaction: 'ORDER',
          report: await report('Tilsynsrapport 2022', '2022-05-10'),
        },
        {
          year: 2030,
          type: 'SYSTEM_AUDIT',
          authority: 'JOINT_MAJOR_ACCIDENT',
          status: 'PLANNED',
          contactPerson: null,
          caseNumber: null,
          inspectedOn: null,
          deviations: 0,
          remarks: 0,
          reaction: 'NONE',
          report: null,
        },
      ],
      notifications: [
        { submittedOn: '2016-04-01', submittedBy: 'Kari Sjøgata', receipt: await report('Kvittering 2016', '2016-04-01') },
        { submittedOn: '2023-02-14', submittedBy: 'Per Ærlig', receipt: await report('Kvittering 2023', '2023-02-14') },
      ],
      accidents: [
        {
          referenceNumber: '2021/04567',
          occurredOn: '2021-09-30',
          reporter: 'Oslo brann- og redningsetat',
          source: 'Uhellsmelding',
          type: 'RELEASE',
          cause: 'CORROSION',
          substance: 'AMMONIAKK',
          quantityReleased: 15,
          quantityUnit: 'kg',
          injured: 0,
          dead: 0,
          report: await report('Ulykkesrapport 2021/04567', '2021-10-05'),
        },
      ],
    }),
    facilityRecord(EMPTY, {
      name: null,
      ownerType: 'PRIVATE_PERSON',
      owner: { name: 'Ola Hytteeier', organisationNumber: null, info: null },
      client: null,
      address: { street: null, postalCode: null, postalPlace: null, municipalityId: '0301' },
      position: null,
      positionAccuracy: 'UNSPECIFIED',
      firstSubstanceNotificationOn: null,
    }),
    facilityRecord(BODO, {
      address: { street: 'Storgata 1', postalCode: '8006', postalPlace: 'Bodø', municipalityId: '1804' },
      position: { longitude: 14.4049, latitude: 67.2804 },
    }),
    facilityRecord(KIRKENES, {
      address: { street: 'Kongensgate 1', postalCode: '9900', postalPlace: 'Kirkenes', municipalityId: '5605' },
      position: { longitude: 30.0455, latitude: 69.7271 },
    }),
    facilityRecord(TROMSO, {
      address: { street: 'Storgata 1', postalCode: '9008', postalPlace: 'Tromsø', municipalityId: '5501' },
      position: { longitude: 18.956, latitude: 69.6496 },
    }),
    facilityRecord(BAERUM, {
      name: 'Bærum Gassdepot',
      address: { street: 'Sandvika 1', postalCode: '1337', postalPlace: 'Sandvika', municipalityId: '3201' },
      position: { longitude: 10.5244, latitude: 59.8894 },
      inspections: [
        {
          year: 2021,
          type: 'DOCUMENT',
          authority: 'DSB',
          status: 'DONE',
          contactPerson: 'Nina Berg',
          caseNumber: null,
          inspectedOn: '2021-03-01',
          deviations: 0,
          remarks: 0,
          reaction: 'NONE',
          report: await report('Tilsynsrapport Bærum', '2021-03-02'),
        },
      ],
      notifications: [
        { submittedOn: '2020-01-02', submittedBy: 'Eier', receipt: await report('Kvittering Bærum', '2020-01-02') },
      ],
    }),
  ]);
});
afterAll(async () => t?.close());

describe('GET /api/v1/facilities/:id', () => {
  it('answers every section of a fully filled facility', async () => {
    const f = await getJson<FacilityDetail>(`/api/v1/facilities/${FULL}`);
    expect(f).toMatchObject({
      id: FULL,
      name: FULL_NAME,
      organisationNumber: '910000020',
      privatePerson: false,
      ownerType: 'BUSINESS',
      address: {
        street: 'Sjøgata 7',
        postalCode: '0150',
        postalPlace: 'Oslo',
        municipality: { id: '0301', name: 'Oslo' },
        county: { id: '03', name: 'Oslo' },
      },
      client: {
        owner: 'Sjøgata Kjøl AS',
        name: 'Gassløsninger Øst AS',
        info: 'Melder på vegne av eieren',
        organisationNumber: '910000047',
      },
      positionAccuracy: 'PROPERTY',
      majorAccident: 'PARAGRAPH_NINE',
      explosives: false,
      firstSubstanceNotificationOn: '2016-04-01',
      substanceReportPath: `/facilities/${FULL}/substance-report`,
    });
    expect(f.units).toEqual([
      {
        position: 0,
        name: 'Gjødsellager',
        type: { id: 5, description: 'Lager (stykkgods)', descriptionNn: 'Lager (stykkgods)' },
      },
      {
        position: 1,
        name: null,
        type: { id: 9, description: 'Kulde- og varmepumpeanlegg', descriptionNn: 'Kulde- og varmepumpeanlegg' },
      },
      { position: 2, name: 'Gasstank', type: { id: 1, description: 'Forbruksanlegg', descriptionNn: 'Forbruksanlegg' } },
    ]);

    // Groups in catalogue order; totals only within one unit of measure.
    expect(f.substanceGroups.map((g) => [g.name, g.totals])).toEqual([
      ['Brannfarlig gass', [{ unit: 'm3', quantity: 4.9 }]],
      [
        'Giftig gass',
        [
          { unit: 'tonn', quantity: 1.2 },
          { unit: 'kg', quantity: 300 },
        ],
      ],
      ['Oksiderende stoffer', [{ unit: 'tonn', quantity: 42.5 }]],
    ]);
    const oxidising = f.substanceGroups[2];
    expect(oxidising?.nameNn).toBe('Oksiderande stoff');
    expect(oxidising?.substances[0]).toEqual({
      substanceId: 20,
      name: AN_FERTILISER,
      nameNn: 'Ammoniumnitratbasert gjødsel',
      unNumber: '2067',
      quantity: 40,
      unit: 'tonn',
      hazardDivision: null,
      unitPosition: 0,
      position: 0,
      unitType: { id: 5, description: 'Lager (stykkgods)', descriptionNn: 'Lager (stykkgods)' },
      hazard: expect.objectContaining({ unNumber: '2067', adrClass: '5.1', labels: ['5.1'], hazardNumber: '50', guide: 140 }),
    });

    // Planned (future) first, then done with its report.
    expect(f.inspections).toEqual([
      {
        id: expect.any(Number),
        type: 'SYSTEM_AUDIT',
        authority: 'JOINT_MAJOR_ACCIDENT',
        year: 2030,
        status: 'PLANNED',
        contactPerson: null,
        caseNumber: null,
        inspectedOn: null,
        reportPath: null,
      },
      {
        id: expect.any(Number),
        type: 'ON_SITE',
        authority: 'FIRE_SERVICE',
        year: 2022,
        status: 'DONE',
        contactPerson: 'Åse Ødegård',
        caseNumber: '2022/1234',
        inspectedOn: '2022-05-03',
        reportPath: expect.stringMatching(/^\/documents\/[0-9]+$/),
      },
    ]);
    // Newest first, and it is the active one.
    expect(f.notifications.map((n) => [n.date, n.submittedBy, n.active])).toEqual([
      ['2023-02-14', 'Per Ærlig', true],
      ['2016-04-01', 'Kari Sjøgata', false],
    ]);
    expect(f.notifications.every((n) => n.receiptPath?.startsWith('/documents/'))).toBe(true);
    expect(f.accidents).toEqual([
      {
        id: expect.any(Number),
        referenceNumber: '2021/04567',
        date: '2021-09-30',
        reporter: 'Oslo brann- og redningsetat',
        source: 'Uhellsmelding',
        type: 'RELEASE',
        documentationPath: expect.stringMatching(/^\/documents\/[0-9]+$/),
      },
    ]);
  });

  it('answers a facility whose optional parts are all empty', async () => {
    const f = await getJson<FacilityDetail>(`/api/v1/facilities/${EMPTY}`);
    expect(f).toMatchObject({
      id: EMPTY,
      name: null,
      organisationNumber: null,
      privatePerson: true,
      ownerType: 'PRIVATE_PERSON',
      address: { street: null, postalCode: null, postalPlace: null, municipality: { id: '0301', name: 'Oslo' } },
      client: { owner: 'Ola Hytteeier', name: null, info: null, organisationNumber: null },
      position: null,
      positionAccuracy: 'UNSPECIFIED',
      majorAccident: 'NOT_AFFECTED',
      firstSubstanceNotificationOn: null,
      inspections: [],
      notifications: [],
      accidents: [],
    });
    expect(f.substanceGroups).toHaveLength(1);
  });

  // Control values: PROJ 9.1.1 `cs2cs -d 4 EPSG:4326 EPSG:258xx` (input "lat lon"), computed apart from this code.
  it.each([
    { id: FULL, zone: 32, local: [597979.9029, 6643118.9914], utm33: [262560.4822, 6649443.584], wgs84: [59.9139, 10.7522] },
    { id: BODO, zone: 33, local: [474351.6838, 7462761.7303], utm33: [474351.6838, 7462761.7303], wgs84: [67.2804, 14.4049] },
    {
      id: KIRKENES,
      zone: 35,
      local: [617727.1874, 7738376.3802],
      utm33: [1076704.3607, 7806978.9593],
      wgs84: [69.7271, 30.0455],
    },
    {
      id: TROMSO,
      zone: 35,
      local: [188579.5586, 7747336.4722],
      utm33: [653445.4201, 7731767.3657],
      wgs84: [69.6496, 18.956],
    },
  ])('gives facility $id its position in local UTM zone $zone, EUREF89 UTM33 and WGS84 within 1 cm', async (c) => {
    const { position } = await getJson<FacilityDetail>(`/api/v1/facilities/${c.id}`);
    if (!position) throw new Error('position expected');
    expect(position.localUtm).toMatchObject({ zone: c.zone, epsg: 25800 + c.zone });
    expect(Math.abs(position.localUtm.east - (c.local[0] ?? 0))).toBeLessThan(0.01);
    expect(Math.abs(position.localUtm.north - (c.local[1] ?? 0))).toBeLessThan(0.01);
    expect(position.euref89Utm33).toMatchObject({ zone: 33, epsg: 25833 });
    expect(Math.abs(position.euref89Utm33.east - (c.utm33[0] ?? 0))).toBeLessThan(0.01);
    expect(Math.abs(position.euref89Utm33.north - (c.utm33[1] ?? 0))).toBeLessThan(0.01);
    expect(position.wgs84).toEqual({ lat: c.wgs84[0], lon: c.wgs84[1] });
  });

  it('records the view in the access log', async () => {
    const since = await lastLogId(t.db);
    await getJson(`/api/v1/facilities/${EMPTY}`);
    await expectLogged(EMPTY, since, { action: 'VIEW', organisationNumber: OSLO, facilityIds: [EMPTY], documentId: null });
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '0x10', '%20', '12a'])('answers 400 for the id %j', async (id) => {
    for (const url of [`/api/v1/facilities/${id}`, `/api/v1/facilities/${id}/attachments`]) {
      const body = expectErrorBody(await get(url), { status: 400 });
      expect(body.type).toBe('VALIDATION_ERROR');
    }
  });

  it('answers 404 for an unknown id and for one beyond any facility id, without logging', async () => {
    for (const id of ['999999', '2147483648', '999999999999']) {
      expect(expectErrorBody(await get(`/api/v1/facilities/${id}`), { status: 404 }).type).toBe('NOT_FOUND');
    }
  });

  it('asks for sign-in and organisation like every data endpoint', async () => {
    expect((await get(`/api/v1/facilities/${FULL}`, {})).statusCode).toBe(401);
    const noOrg = await t.headersFor('oslo.brann');
    expect((await get(`/api/v1/facilities/${FULL}`, noOrg)).statusCode).toBe(403);
  });
});

describe('GET /api/v1/facilities/:id/attachments', () => {
  it('lists the stored documents, newest first', async () => {
    const list = await getJson<FacilityAttachment[]>(`/api/v1/facilities/${FULL}/attachments`);
    expect(list.map((d) => [d.kind, d.title, d.date])).toEqual([
      ['NOTIFICATION_RECEIPT', 'Kvittering 2023', '2023-02-14'],
      ['INSPECTION_REPORT', 'Tilsynsrapport 2022', '2022-05-10'],
      ['ACCIDENT_REPORT', 'Ulykkesrapport 2021/04567', '2021-10-05'],
      ['NOTIFICATION_RECEIPT', 'Kvittering 2016', '2016-04-01'],
    ]);
    for (const d of list) {
      expect(d.path).toBe(`/documents/${d.id}`);
      expect(d.size).toBeGreaterThan(500);
    }
  });

  it('answers an empty list for a facility without documents', async () => {
    expect(await getJson(`/api/v1/facilities/${EMPTY}/attachments`)).toEqual([]);
  });
});

describe('documents', () => {
  it('serves every stored document as a PDF whose text names the facility and an æøå substance', async () => {
    const list = await getJson<FacilityAttachment[]>(`/api/v1/facilities/${FULL}/attachments`);
    expect(new Set(list.map((d) => d.kind))).toEqual(new Set(['NOTIFICATION_RECEIPT', 'INSPECTION_REPORT', 'ACCIDENT_REPORT']));
    for (const document of list) {
      const response = await get(`/api/v1${document.path}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.rawPayload.byteLength).toBe(document.size);
      const text = await pdfText(response.rawPayload);
      expect(text).toContain(FULL_NAME);
      expect(text).toContain(AN_FERTILISER);
    }
  });

  it('names the download in ASCII and, with æøå, in RFC 5987 form', async () => {
    const f = await getJson<FacilityDetail>(`/api/v1/facilities/${FULL}`);
    const response = await get(`/api/v1${f.accidents[0]?.documentationPath}`);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Ulykkesrapport_2021_04567.pdf"; filename*=UTF-8''Ulykkesrapport%202021%2004567.pdf`,
    );
  });

  it('records a download in the access log with the document', async () => {
    const f = await getJson<FacilityDetail>(`/api/v1/facilities/${FULL}`);
    const path = f.inspections[1]?.reportPath ?? '';
    const since = await lastLogId(t.db);
    await get(`/api/v1${path}`);
    await expectLogged(FULL, since, { action: 'DOWNLOAD', facilityIds: [FULL], documentId: Number(path.split('/').pop()) });
  });
});

describe('GET /api/v1/facilities/:id/substance-report', () => {
  it('makes a PDF with the facility, the date and the substances by group', async () => {
    const since = await lastLogId(t.db);
    const response = await get(`/api/v1/facilities/${FULL}/substance-report`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Stoffrapport_${FULL}_Sjoegata_Kjoele-_og_Gasslager_Aera.pdf"; ` +
        `filename*=UTF-8''Stoffrapport%20${FULL}%20Sj%C3%B8gata%20Kj%C3%B8le-%20og%20Gasslager%20%C3%86ra.pdf`,
    );
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'Stoffrapport',
      FULL_NAME,
      'Sjøgata 7, 0150 Oslo',
      'Sikkerhetsrapportpliktig etter § 9',
      'Oksiderende stoffer',
      AN_FERTILISER,
      'Ammoniakk, vannfri',
      'Sum: 42,5 tonn',
      'Lokal UTM-posisjon, sone 32: N 6643119 m, Ø 597980 m',
      'EUREF 89, UTM sone 33: N 6649444 m, Ø 262560 m',
      '4,9 m³',
      'Lager (stykkgods)',
    ]) {
      expect(text).toContain(expected);
    }
    const today = new Intl.DateTimeFormat('nb-NO', {
      timeZone: 'Europe/Oslo',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date());
    expect(text).toContain(`Utskrevet: ${today}`);
    await expectLogged(FULL, since, { action: 'DOWNLOAD', facilityIds: [FULL], documentId: null, detail: 'substance-report' });
  });

  it('makes one for a facility with the optional parts empty', async () => {
    const response = await get(`/api/v1/facilities/${EMPTY}/substance-report`);
    expect(response.statusCode).toBe(200);
    expect(await pdfText(response.rawPayload)).toContain(`Anlegg ${EMPTY}`);
  });
});

describe('scope', () => {
  it('answers 404, never 403, for a facility in a municipality outside the scope, its attachments and each of its documents', async () => {
    const documents = await t.db.selectFrom('document').select('id').where('facility_id', '=', BAERUM).execute();
    expect(documents).toHaveLength(2);
    const unknown = expectErrorBody(await get('/api/v1/facilities/999999'), { status: 404 });
    for (const url of [
      `/api/v1/facilities/${BAERUM}`,
      `/api/v1/facilities/${BAERUM}/attachments`,
      `/api/v1/facilities/${BAERUM}/substance-report`,
      ...documents.map((d) => `/api/v1/documents/${d.id}`),
    ]) {
      const body = expectErrorBody(await get(url), { status: 404 });
      expect({ type: body.type, message: body.message }).toEqual({ type: unknown.type, message: unknown.message });
    }
    expect(await findAccessToFacility(t.db, BAERUM)).toEqual([]);
  });

  it('opens the facility once the municipality is given', async () => {
    const user = await t.db.selectFrom('app_user').select('id').where('username', '=', 'oslo.brann').executeTakeFirstOrThrow();
    await t.db
      .updateTable('municipality_access')
      .set({ given: true })
      .where('user_id', '=', user.id)
      .where('municipality_id', '=', '3201')
      .execute();
    try {
      expect((await get(`/api/v1/facilities/${BAERUM}`)).statusCode).toBe(200);
      const [document] = await getJson<FacilityAttachment[]>(`/api/v1/facilities/${BAERUM}/attachments`);
      expect((await get(`/api/v1${document?.path}`)).statusCode).toBe(200);
    } finally {
      await t.db
        .updateTable('municipality_access')
        .set({ given: false })
        .where('user_id', '=', user.id)
        .where('municipality_id', '=', '3201')
        .execute();
    }
    expect((await get(`/api/v1/facilities/${BAERUM}`)).statusCode).toBe(404);
  });

  it('keeps Oslo facilities from a user of another organisation', async () => {
    const vest = await t.headersFor('vest.110', DEMO_ORGANISATIONS.vest110.organisation_number);
    const f = await getJson<FacilityDetail>(`/api/v1/facilities/${FULL}`);
    for (const url of [
      `/api/v1/facilities/${FULL}`,
      `/api/v1/facilities/${FULL}/attachments`,
      `/api/v1/facilities/${FULL}/substance-report`,
      `/api/v1${f.inspections[1]?.reportPath}`,
    ]) {
      expect(expectErrorBody(await get(url, vest), { status: 404 }).type).toBe('NOT_FOUND');
    }
  });
});

/** A GET over a real socket with the path sent byte for byte (inject and browsers resolve dot segments). */
function rawGet(path: string): Promise<{ statusCode: number; headers: Record<string, unknown>; json(): unknown }> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('traversal and paths outside the document namespace', () => {
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  it.each([
    '/api/v1/documents/..',
    '/api/v1/documents/%2e%2e',
    '/api/v1/documents/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
    '/api/v1/documents/..%2f..%2fetc%2fpasswd',
    '/api/v1/documents/../facilities/61001',
    '/api/v1/documents/1/../2',
    '/api/v1/documents/%2e%2e/1',
    '/api/v1/documents/1%00',
    '/api/v1/documents/0',
    '/api/v1/documents/-1',
    '/api/v1/documents/01',
    '/api/v1/documents/1.pdf',
    '/api/v1/documents/',
    '/api/v1/documents/99999999',
    '/api/v1/documents/99999999999999999999',
    '/api/v1/facilities/%2e%2e/substance-report',
    '/api/v1/facilities/61001/../61002/substance-report',
    '/api/v1/facilities/61001/substance-report/..',
    '/api/v1/facilities/999999/substance-report',
    '/api/v1/files/1',
    '/api/v1/documents',
    '/api/v1/../v1/documents/1',
  ])('%s → 404 with the error body', async (url) => {
    expect(expectErrorBody(await rawGet(url), { status: 404 }).type).toBe('NOT_FOUND');
  });
});
