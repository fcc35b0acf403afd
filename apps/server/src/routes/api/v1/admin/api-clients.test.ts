import type { AdminAuditPage, ApiClient, ApiClientWithSecret } from '@fast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../../../../test/expectations.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../../test/test-app.ts';
import { hashApiClientSecret } from '../../../../modules/api-clients/api-client-secret.ts';

let t: TestApp;
let admin: Record<string, string>;
let user: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.headersFor('fast.admin');
  user = await t.headersFor('vest.110', DEMO_ORGANISATIONS.vest110.organisation_number);
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const inFuture = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const VALID = {
  name: 'Vest 110 kartsystem',
  organisationNumber: DEMO_ORGANISATIONS.vest110.organisation_number,
  contact: 'gis@vest110.example',
  expiresAt: inFuture(365),
};
const inject = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> | null = admin) =>
  t.app.inject({
    method,
    url,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as string }),
  });

async function register(payload: Record<string, unknown> = VALID): Promise<ApiClientWithSecret> {
  const response = await inject('POST', '/api/v1/admin/api-clients', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function storedHash(id: string): Promise<string> {
  const row = await t.db.selectFrom('api_client').select('secret_hash').where('id', '=', id).executeTakeFirstOrThrow();
  return row.secret_hash;
}

async function auditOf(action: string): Promise<AdminAuditPage['entries']> {
  const response = await inject('GET', `/api/v1/admin/audit-log?action=${action}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as AdminAuditPage).entries;
}

describe('POST /api/v1/admin/api-clients', () => {
  it('registers a client and answers its secret once, keeping only the hash', async () => {
    const { client, secret } = await register();
    expect(client).toMatchObject({
      clientId: expect.stringMatching(/^fast-client-[0-9a-f]{16}$/),
      name: VALID.name,
      organisationNumber: VALID.organisationNumber,
      organisationName: DEMO_ORGANISATIONS.vest110.name,
      contact: VALID.contact,
      expiresAt: VALID.expiresAt,
      status: 'ACTIVE',
      createdBy: 'Astrid Solberg',
      rotatedAt: null,
      revokedAt: null,
      revokedBy: null,
    });
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await storedHash(client.id)).toBe(hashApiClientSecret(secret));
    const list = (await inject('GET', '/api/v1/admin/api-clients')).json() as ApiClient[];
    const listed = list.find((c) => c.id === client.id);
    expect(listed).toEqual(client);
    expect(JSON.stringify(list)).not.toContain(secret);
    expect(JSON.stringify(list)).not.toContain(await storedHash(client.id));
    // Its own user row carries its name, for the access log and the rate limit.
    const row = await t.db
      .selectFrom('app_user')
      .select(['given_name', 'username', 'roles', 'password_hash'])
      .where('subject', '=', `client:${client.clientId}`)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ given_name: VALID.name, username: null, roles: [], password_hash: null });
    const [entry] = await auditOf('API_CLIENT_REGISTERED');
    expect(entry).toMatchObject({
      adminName: 'Astrid Solberg',
      target: `api-client:${client.id}`,
      detail: { clientId: client.clientId, name: VALID.name, organisationNumber: VALID.organisationNumber },
    });
    expect(JSON.stringify(entry)).not.toContain(secret);
  });

  it('takes the client id an external provider made, once', async () => {
    const { client } = await register({ ...VALID, clientId: 'maskinporten-0a1b2c' });
    expect(client.clientId).toBe('maskinporten-0a1b2c');
    const again = await inject('POST', '/api/v1/admin/api-clients', { ...VALID, clientId: 'maskinporten-0a1b2c' });
    expectErrorBody(again, { status: 409, type: 'CONFLICT' });
  });

  it.each([
    ['no name', { ...VALID, name: '' }],
    ['a blank name', { ...VALID, name: '   ' }],
    ['a bad organisation number', { ...VALID, organisationNumber: '12345' }],
    ['an unknown organisation', { ...VALID, organisationNumber: '999999999' }],
    ['no contact', { ...VALID, contact: undefined }],
    ['an expiry in the past', { ...VALID, expiresAt: inFuture(-1) }],
    ['an expiry too far ahead', { ...VALID, expiresAt: inFuture(4 * 366) }],
    ['a malformed expiry', { ...VALID, expiresAt: 'i morgen' }],
    ['a client id with spaces', { ...VALID, clientId: 'a b c' }],
    ['the app’s own client id', { ...VALID, clientId: 'fast-web' }],
    ['an unknown field', { ...VALID, roles: ['fast-admin'] }],
  ])('answers 400 to %s and registers nothing', async (_case, payload) => {
    const before = await t.db
      .selectFrom('api_client')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await inject('POST', '/api/v1/admin/api-clients', payload);
    expectErrorBody(response, { status: 400, type: 'VALIDATION_ERROR' });
    const after = await t.db
      .selectFrom('api_client')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('rotate and revoke', () => {
  it('rotates: a new secret once, the old hash gone', async () => {
    const { client, secret } = await register({ ...VALID, name: 'Roterbar' });
    const response = await inject('POST', `/api/v1/admin/api-clients/${client.id}/rotate`);
    expect(response.statusCode).toBe(200);
    const rotated = response.json() as ApiClientWithSecret;
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.client).toMatchObject({ id: client.id, clientId: client.clientId, status: 'ACTIVE' });
    expect(rotated.client.rotatedAt).not.toBeNull();
    expect(await storedHash(client.id)).toBe(hashApiClientSecret(rotated.secret));
    expect((await auditOf('API_CLIENT_SECRET_ROTATED'))[0]).toMatchObject({ target: `api-client:${client.id}` });
  });

  it('revokes, once; a revoked client cannot be rotated', async () => {
    const { client } = await register({ ...VALID, name: 'Tilbaketrukket' });
    const response = await inject('POST', `/api/v1/admin/api-clients/${client.id}/revoke`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: client.id, status: 'REVOKED', revokedBy: 'Astrid Solberg' });
    expect((await auditOf('API_CLIENT_REVOKED'))[0]).toMatchObject({ target: `api-client:${client.id}` });
    expectErrorBody(await inject('POST', `/api/v1/admin/api-clients/${client.id}/revoke`), { status: 409, type: 'CONFLICT' });
    expectErrorBody(await inject('POST', `/api/v1/admin/api-clients/${client.id}/rotate`), { status: 409, type: 'CONFLICT' });
  });

  it('lists a client past its expiry as expired', async () => {
    const { client } = await register({ ...VALID, name: 'Utløpt' });
    await t.db
      .updateTable('api_client')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', client.id)
      .execute();
    const list = (await inject('GET', '/api/v1/admin/api-clients')).json() as ApiClient[];
    expect(list.find((c) => c.id === client.id)?.status).toBe('EXPIRED');
  });

  it('answers 404 for an unknown client and 400 for a malformed id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectErrorBody(await inject('POST', `/api/v1/admin/api-clients/${unknown}/rotate`), { status: 404, type: 'NOT_FOUND' });
    expectErrorBody(await inject('POST', `/api/v1/admin/api-clients/${unknown}/revoke`), { status: 404, type: 'NOT_FOUND' });
    expectErrorBody(await inject('POST', '/api/v1/admin/api-clients/1/revoke'), { status: 400, type: 'VALIDATION_ERROR' });
  });
});

describe('who may manage clients', () => {
  const routes = (id: string): ['GET' | 'POST', string, unknown][] => [
    ['GET', '/api/v1/admin/api-clients', undefined],
    ['POST', '/api/v1/admin/api-clients', VALID],
    ['POST', `/api/v1/admin/api-clients/${id}/rotate`, undefined],
    ['POST', `/api/v1/admin/api-clients/${id}/revoke`, undefined],
  ];

  it('answers 401 without a token and 403 to a user who is not an administrator, changing nothing', async () => {
    const { client } = await register({ ...VALID, name: 'Urørt' });
    const hash = await storedHash(client.id);
    for (const [method, url, payload] of routes(client.id)) {
      expectErrorBody(await inject(method, url, payload, null), { status: 401, type: 'ACCESS_DENIED' }, `${method} ${url}`);
      expectErrorBody(await inject(method, url, payload, user), { status: 403, type: 'ACCESS_DENIED' }, `${method} ${url}`);
    }
    expect(await storedHash(client.id)).toBe(hash);
    const list = (await inject('GET', '/api/v1/admin/api-clients')).json() as ApiClient[];
    expect(list.find((c) => c.id === client.id)?.status).toBe('ACTIVE');
  });
});
