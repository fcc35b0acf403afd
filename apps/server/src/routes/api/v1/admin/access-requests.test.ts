import type { AdminAccessEntry, AdminAccessPage, County, MunicipalityAccessEntry } from '@fast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../../test/test-app.ts';

const OSLO = DEMO_ORGANISATIONS.osloBrann.organisation_number;

let t: TestApp;
let admin: Record<string, string>;
let oslo: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.headersFor('fast.admin');
  oslo = await t.headersFor('oslo.brann', OSLO);
});
afterAll(async () => t?.close());

const inject = (method: 'GET' | 'POST', url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as string }) });

async function requestAsOslo(codes: string[]): Promise<MunicipalityAccessEntry[]> {
  const response = await inject('POST', '/api/v1/municipality-access', { municipalityCodes: codes }, oslo);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function osloEntries(): Promise<MunicipalityAccessEntry[]> {
  return (await inject('GET', '/api/v1/municipality-access', undefined, oslo)).json();
}

async function pending(query = ''): Promise<AdminAccessPage> {
  const response = await inject('GET', `/api/v1/admin/municipality-access${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function idOf(code: string, status = 'PENDING', organisation: string = OSLO): Promise<number> {
  const page = await pending(`?status=${status}&municipalityCode=${code}&organisationNumber=${organisation}`);
  const entry = page.entries[0];
  if (!entry) throw new Error(`no ${status} entry for ${code}`);
  return entry.id;
}

/** The municipalities oslo.brann's requests may read now, through a data endpoint with the same token. */
async function osloScope(): Promise<string[]> {
  const counties: County[] = (await inject('GET', '/api/v1/counties', undefined, oslo)).json();
  return counties.flatMap((c) => c.children.map((m) => m.id)).sort();
}

async function auditCount(target: string): Promise<number> {
  const row = await t.db
    .selectFrom('admin_audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('target', '=', target)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('GET /api/v1/admin/municipality-access', () => {
  it('lists every pending request across users and organisations, oldest first, with who asked', async () => {
    await requestAsOslo(['3203', '3205']);
    const rogaland = await t.headersFor('statsforvalter.rogaland', DEMO_ORGANISATIONS.rogalandBrann.organisation_number);
    await inject('POST', '/api/v1/municipality-access', { municipalityCodes: ['1106'] }, rogaland);

    const page = await pending();
    expect(page.total).toBe(4);
    expect(page.entries.map((e) => e.municipalityCode)).toEqual(['3201', '3203', '3205', '1106']);
    expect(page.entries[0]).toMatchObject({
      status: 'PENDING',
      given: false,
      user: { username: 'oslo.brann', fullName: 'Kari Nordmann' },
      organisationNumber: OSLO,
      organisationName: 'Oslo brann- og redningsetat',
      municipalityName: 'Bærum',
      countyId: '32',
      countyName: 'Akershus',
      decidedAt: null,
      decidedBy: null,
      denyReason: null,
    });
  });

  it('filters by county, municipality, organisation, user and age, and pages', async () => {
    expect((await pending('?countyId=11')).entries.map((e) => e.municipalityCode)).toEqual(['1106']);
    expect((await pending('?municipalityCode=3205')).total).toBe(1);
    expect((await pending(`?organisationNumber=${DEMO_ORGANISATIONS.rogalandBrann.organisation_number}`)).total).toBe(1);
    const osloUser = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'oslo.brann')
      .executeTakeFirstOrThrow();
    expect((await pending(`?userId=${osloUser.id}`)).total).toBe(3);
    // The seeded Bærum request is as old as the others; backdate it to test the age filter.
    await t.db
      .updateTable('municipality_access')
      .set({ requested_at: new Date(Date.now() - 10 * 86_400_000) })
      .where('municipality_id', '=', '3201')
      .execute();
    expect((await pending('?minAgeDays=7')).entries.map((e) => e.municipalityCode)).toEqual(['3201']);
    // More days than a timestamp can go back is a bad request, not a failure.
    expect((await inject('GET', '/api/v1/admin/municipality-access?minAgeDays=999999999')).statusCode).toBe(400);
    const firstPage = await pending('?limit=2');
    const secondPage = await pending('?limit=2&offset=2');
    expect(firstPage.total).toBe(4);
    expect([...firstPage.entries, ...secondPage.entries].map((e) => e.id)).toEqual((await pending()).entries.map((e) => e.id));
    const given = await pending('?status=ACTIVE&organisationNumber=910000047');
    expect(given.entries.map((e) => e.municipalityCode)).toEqual(['0301']);
  });

  it.each([
    ['an unknown municipality', '?municipalityCode=9999', 'Ukjent kommunenummer'],
    ['an unknown county', '?countyId=99', 'Ukjent fylkesnummer'],
    ['an unknown organisation', '?organisationNumber=123456789', 'Ukjent organisasjonsnummer'],
    ['an unknown user', '?userId=00000000-0000-4000-8000-000000000000', 'Ukjent bruker'],
  ])('rejects a filter on %s', async (_name, query, message) => {
    const response = await inject('GET', `/api/v1/admin/municipality-access${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR', message: expect.stringContaining(message) });
  });

  it.each([
    ['a malformed municipality', '?municipalityCode=abc'],
    ['an unknown status', '?status=MAYBE'],
    ['a limit over 200', '?limit=201'],
    ['a negative offset', '?offset=-1'],
    ['an unknown parameter', '?given=true'],
  ])('rejects %s', async (_name, query) => {
    const response = await inject('GET', `/api/v1/admin/municipality-access${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
  });

  it('lists the organisations that have access entries, for the filter', async () => {
    const response = await inject('GET', '/api/v1/admin/organisations');
    expect(response.statusCode).toBe(200);
    const names = (response.json() as { name: string }[]).map((o) => o.name);
    expect(names).toContain('Oslo brann- og redningsetat');
    expect(names).not.toContain('Hallingdal brann- og redningsteneste IKS');
  });
});

describe('approve, deny and revoke', () => {
  it('approves: the user sees the municipality active and in the scope of the same token at once', async () => {
    const id = await idOf('3203');
    expect(await osloScope()).toEqual(['0301']);
    const response = await inject('POST', '/api/v1/admin/municipality-access/approve', { ids: [id] });
    expect(response.statusCode).toBe(200);
    const [entry] = response.json() as AdminAccessEntry[];
    expect(entry).toMatchObject({ id, status: 'ACTIVE', given: true, decidedBy: 'Astrid Solberg', denyReason: null });
    expect(entry?.decidedAt).toEqual(expect.any(String));

    expect(await osloScope()).toEqual(['0301', '3203']);
    expect((await osloEntries()).find((e) => e.municipalityCode === '3203')).toMatchObject({ given: true, status: 'ACTIVE' });
    expect(await auditCount(`municipality-access:${id}`)).toBe(1);
  });

  it('denies with a reason the requester sees; a denied entry is neither pending nor given', async () => {
    const id = await idOf('3205');
    const reason = 'Lillestrøm har egen avtale med Nedre Romerike brann- og redningsvesen.';
    const response = await inject('POST', '/api/v1/admin/municipality-access/deny', { ids: [id], reason: `  ${reason}\n` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([expect.objectContaining({ status: 'DENIED', given: false, denyReason: reason })]);

    expect((await osloEntries()).find((e) => e.municipalityCode === '3205')).toMatchObject({
      given: false,
      status: 'DENIED',
      denyReason: reason,
    });
    expect(await osloScope()).not.toContain('3205');
    expect((await pending('?municipalityCode=3205')).total).toBe(0);
    expect((await pending('?status=DENIED')).entries.map((e) => e.id)).toEqual([id]);
    const audit = await t.db
      .selectFrom('admin_audit_log')
      .selectAll()
      .where('target', '=', `municipality-access:${id}`)
      .execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'ACCESS_DENIED', admin_name: 'Astrid Solberg' })]);
    expect(audit[0]?.detail).toMatchObject({ municipalityCode: '3205', organisationNumber: OSLO, reason });
  });

  it('lets a denied municipality be requested again, re-opening the same entry as pending', async () => {
    const id = await idOf('3205', 'DENIED');
    const again = await requestAsOslo(['3205', '3203']);
    expect(again).toEqual([
      expect.objectContaining({ municipalityCode: '3205', status: 'PENDING', given: false, denyReason: null }),
    ]);
    expect(await idOf('3205')).toBe(id);
    const rows = await t.db.selectFrom('municipality_access').select('id').where('municipality_id', '=', '3205').execute();
    expect(rows).toHaveLength(1);
  });

  it('revokes an active access: out of the scope at once, visible to the user with the reason', async () => {
    const id = await idOf('3203', 'ACTIVE');
    const response = await inject('POST', '/api/v1/admin/municipality-access/revoke', {
      ids: [id],
      reason: 'Avtalen er avsluttet.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({ status: 'REVOKED', given: false, denyReason: 'Avtalen er avsluttet.' }),
    ]);
    expect(await osloScope()).toEqual(['0301']);
    expect((await osloEntries()).find((e) => e.municipalityCode === '3203')).toMatchObject({ status: 'REVOKED' });
  });

  it('answers 409 CONFLICT when approving or denying a request that was already decided, and changes nothing', async () => {
    const revoked = await idOf('3203', 'REVOKED');
    const approve = await inject('POST', '/api/v1/admin/municipality-access/approve', { ids: [revoked] });
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({ type: 'CONFLICT', message: expect.stringContaining('allerede behandlet') });
    const active = await idOf('0301', 'ACTIVE');
    const deny = await inject('POST', '/api/v1/admin/municipality-access/deny', { ids: [active], reason: 'Nei.' });
    expect(deny.statusCode).toBe(409);
    expect(await osloScope()).toEqual(['0301']);
  });

  it('answers 409 CONFLICT when revoking twice, or revoking a request that is still pending', async () => {
    const revoked = await idOf('3203', 'REVOKED');
    const twice = await inject('POST', '/api/v1/admin/municipality-access/revoke', { ids: [revoked] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ type: 'CONFLICT', message: expect.stringContaining('Bare aktive tilganger') });
    const waiting = await idOf('3201');
    expect((await inject('POST', '/api/v1/admin/municipality-access/revoke', { ids: [waiting] })).statusCode).toBe(409);
    expect(await auditCount(`municipality-access:${revoked}`)).toBe(2);
  });

  it('decides in bulk all or nothing: one decided entry in the batch leaves the others pending', async () => {
    const baerum = await idOf('3201');
    const lillestrom = await idOf('3205');
    const revoked = await idOf('3203', 'REVOKED');
    const mixed = await inject('POST', '/api/v1/admin/municipality-access/approve', { ids: [baerum, revoked, lillestrom] });
    expect(mixed.statusCode).toBe(409);
    expect((await pending(`?organisationNumber=${OSLO}`)).total).toBe(2);

    const both = await inject('POST', '/api/v1/admin/municipality-access/approve', { ids: [lillestrom, baerum] });
    expect(both.statusCode).toBe(200);
    expect((both.json() as AdminAccessEntry[]).map((e) => [e.id, e.status])).toEqual(
      [
        [baerum, 'ACTIVE'],
        [lillestrom, 'ACTIVE'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(await osloScope()).toEqual(['0301', '3201', '3205']);
  });

  it('lets exactly one of two administrators deciding the same request at once win', async () => {
    await requestAsOslo(['1101']);
    const id = await idOf('1101');
    const [approve, deny] = await Promise.all([
      inject('POST', '/api/v1/admin/municipality-access/approve', { ids: [id] }),
      inject('POST', '/api/v1/admin/municipality-access/deny', { ids: [id], reason: 'Samtidig avslag.' }),
    ]);
    const codes = [approve.statusCode, deny.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const winner = approve.statusCode === 200 ? 'ACTIVE' : 'DENIED';
    const row = await t.db.selectFrom('municipality_access').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe(winner);
    expect(row.deny_reason).toBe(winner === 'DENIED' ? 'Samtidig avslag.' : null);
    expect(await auditCount(`municipality-access:${id}`)).toBe(1);
  });

  it('lets one of many concurrent approvals of the same request through and answers 409 to the rest', async () => {
    await requestAsOslo(['1111']);
    const id = await idOf('1111');
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => inject('POST', '/api/v1/admin/municipality-access/approve', { ids: [id] })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await auditCount(`municipality-access:${id}`)).toBe(1);
  });

  it('answers 404 NOT_FOUND for an unknown entry and changes none of the others', async () => {
    const id = await idOf('1106', 'PENDING', DEMO_ORGANISATIONS.rogalandBrann.organisation_number);
    const response = await inject('POST', '/api/v1/admin/municipality-access/approve', { ids: [id, 999_999] });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ type: 'NOT_FOUND', message: expect.stringContaining('999999') });
    expect((await pending('?municipalityCode=1106')).entries[0]?.id).toBe(id);
  });

  it.each([
    ['a deny reason over 1000 characters', 'deny', { ids: [1], reason: 'x'.repeat(1001) }],
    ['a blank deny reason', 'deny', { ids: [1], reason: '   ' }],
    ['a deny without a reason', 'deny', { ids: [1] }],
    ['no ids', 'approve', { ids: [] }],
    ['repeated ids', 'approve', { ids: [1, 1] }],
    ['a string id', 'approve', { ids: ['1'] }],
    ['a zero id', 'approve', { ids: [0] }],
    ['over 200 ids', 'approve', { ids: Array.from({ length: 201 }, (_, i) => i + 1) }],
    ['an extra field', 'approve', { ids: [1], given: true }],
    ['a revoke reason over 1000 characters', 'revoke', { ids: [1], reason: 'x'.repeat(1001) }],
  ])('rejects %s with VALIDATION_ERROR', async (_name, action, payload) => {
    const response = await inject('POST', `/api/v1/admin/municipality-access/${action}`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
  });

  it('accepts a deny reason of exactly 1000 characters', async () => {
    await requestAsOslo(['0301', '4601']);
    const id = await idOf('4601');
    const response = await inject('POST', '/api/v1/admin/municipality-access/deny', { ids: [id], reason: 'y'.repeat(1000) });
    expect(response.statusCode).toBe(200);
    expect((response.json() as AdminAccessEntry[])[0]?.denyReason).toHaveLength(1000);
  });
});
