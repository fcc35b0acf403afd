import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';

const OSLO = DEMO_ORGANISATIONS.osloBrann.organisation_number;

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.headersFor('oslo.brann', OSLO);
});
afterAll(async () => t?.close());

const post = (payload: unknown, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/municipality-access',
    headers: { ...headers, ...extra },
    payload: payload as string,
  });

async function entryCount(code: string) {
  const row = await t.db
    .selectFrom('municipality_access')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('municipality_id', '=', code)
    .where('organisation_number', '=', OSLO)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('GET /api/v1/municipality-access', () => {
  it('lists the given and requested municipalities of the selected organisation', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/municipality-access', headers });
    expect(response.statusCode).toBe(200);
    const entries = response.json() as { municipalityCode: string; given: boolean; decidedAt: string | null }[];
    expect(entries.map((e) => [e.municipalityCode, e.given])).toEqual([
      ['3201', false],
      ['0301', true],
    ]);
    expect(entries[0]).toMatchObject({
      municipalityName: 'Bærum',
      countyId: '32',
      countyName: 'Akershus',
      decidedAt: null,
      status: 'PENDING',
      denyReason: null,
    });
    expect(entries[1]).toMatchObject({ status: 'ACTIVE', denyReason: null, decidedAt: expect.any(String) });
  });
});

describe('POST /api/v1/municipality-access', () => {
  it('creates requests awaiting approval and answers the new entries', async () => {
    const response = await post({ municipalityCodes: ['3203', '3205'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({ municipalityCode: '3203', municipalityName: 'Asker', given: false }),
      expect.objectContaining({ municipalityCode: '3205', municipalityName: 'Lillestrøm', given: false }),
    ]);
  });

  it('names two municipalities of one name apart, by their display names', async () => {
    const response = await post({ municipalityCodes: ['1515', '1818'] });
    expect((response.json() as { municipalityName: string }[]).map((e) => e.municipalityName).sort()).toEqual([
      'Herøy (Møre og Romsdal)',
      'Herøy (Nordland)',
    ]);
  });

  it('ignores municipalities already requested or given', async () => {
    const response = await post({ municipalityCodes: ['3203', '0301', '3203'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(await entryCount('3203')).toBe(1);
    expect(await entryCount('0301')).toBe(1);
  });

  it('creates one entry for concurrent identical requests', async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, () => post({ municipalityCodes: ['3312'] })));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(responses.flatMap((r) => r.json() as unknown[])).toHaveLength(1);
    expect(await entryCount('3312')).toBe(1);
  });

  it('keeps requests per organisation', async () => {
    const user = await t.headersFor('statsforvalter.rogaland', DEMO_ORGANISATIONS.rogalandBrann.organisation_number);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/municipality-access',
      headers: user,
      payload: { municipalityCodes: ['1106'] },
    });
    expect(response.json()).toHaveLength(1);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/v1/municipality-access',
      headers: { ...user, 'fast-org-number': DEMO_ORGANISATIONS.statsforvalterRogaland.organisation_number },
    });
    expect((other.json() as { given: boolean }[]).every((e) => e.given)).toBe(true);
  });

  it.each([
    ['an unknown municipality code', { municipalityCodes: ['9999'] }],
    ['a malformed code', { municipalityCodes: ['abc'] }],
    ['a three-digit code', { municipalityCodes: ['301'] }],
    ['a number instead of a string', { municipalityCodes: [301] }],
    ['an empty list', { municipalityCodes: [] }],
    ['a string instead of a list', { municipalityCodes: '0301' }],
    ['a missing field', {}],
    ['an extra field', { municipalityCodes: ['3203'], given: true }],
    ['null', null],
  ])('rejects %s with VALIDATION_ERROR', async (_name, payload) => {
    const response = await post(JSON.stringify(payload), { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
  });

  it('rejects invalid JSON, another content type and a body over 100 KB', async () => {
    const invalid = await post('{"municipalityCodes": [', { 'content-type': 'application/json' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
    const text = await post('0301', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
    const huge = await post(JSON.stringify({ municipalityCodes: ['0301'], padding: 'x'.repeat(110 * 1024) }), {
      'content-type': 'application/json',
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
  });

  it('writes nothing for a request with one unknown code among known ones', async () => {
    const response = await post({ municipalityCodes: ['1103', '9999'] });
    expect(response.statusCode).toBe(400);
    expect(await entryCount('1103')).toBe(0);
  });

  it('re-opens a denied or revoked municipality as pending when requested again, once under concurrency', async () => {
    for (const [code, rejection] of [
      ['3207', 'DENIED'],
      ['3209', 'REVOKED'],
    ] as const) {
      await post({ municipalityCodes: [code] });
      await t.db
        .updateTable('municipality_access')
        .set({ rejection, deny_reason: 'Ikke nå.', decided_at: new Date() })
        .where('municipality_id', '=', code)
        .where('organisation_number', '=', OSLO)
        .execute();
    }
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/municipality-access', headers })).json() as {
      municipalityCode: string;
      status: string;
      given: boolean;
      denyReason: string | null;
    }[];
    expect(listed.find((e) => e.municipalityCode === '3207')).toMatchObject({
      status: 'DENIED',
      given: false,
      denyReason: 'Ikke nå.',
    });
    expect(listed.find((e) => e.municipalityCode === '3209')).toMatchObject({ status: 'REVOKED', given: false });

    const responses = await Promise.all(Array.from({ length: 4 }, () => post({ municipalityCodes: ['3207', '3209', '0301'] })));
    const reopened = responses.flatMap(
      (r) => r.json() as { municipalityCode: string; status: string; decidedAt: string | null }[],
    );
    expect(reopened.map((e) => e.municipalityCode).sort()).toEqual(['3207', '3209']);
    expect(reopened.every((e) => e.status === 'PENDING' && e.decidedAt === null)).toBe(true);
    expect(await entryCount('3207')).toBe(1);
    expect(await entryCount('3209')).toBe(1);
  });
});
