import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../test/expectations.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../test/test-app.ts';

const OSLO = DEMO_ORGANISATIONS.osloBrann.organisation_number;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('sign-in: the bearer token', () => {
  it('is required', async () => {
    const response = await get('/api/v1/reportees');
    expect(response.statusCode).toBe(401);
    expectErrorBody(response, { type: 'ACCESS_DENIED' });
  });

  it.each([
    ['a malformed token', 'Bearer not-a-jwt'],
    ['another scheme', 'Basic b3Nsby5icmFubjpkZW1v'],
    ['an empty bearer', 'Bearer '],
  ])('rejects %s', async (_name, authorization) => {
    const response = await get('/api/v1/reportees', { authorization });
    expect(response.statusCode).toBe(401);
    expectErrorBody(response, { type: 'ACCESS_DENIED' });
  });

  it('rejects an expired token', async () => {
    const token = await t.tokenFor('oslo.brann', {}, { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    expect((await get('/api/v1/reportees', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('rejects a token for another audience', async () => {
    const token = await t.tokenFor('oslo.brann', {}, { audience: 'some-other-api' });
    expect((await get('/api/v1/reportees', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('rejects a token from another issuer', async () => {
    const token = await t.tokenFor('oslo.brann', { iss: 'http://evil.example/idp' });
    expect((await get('/api/v1/reportees', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('rejects an unsigned token (alg none)', async () => {
    const valid = await t.tokenFor('oslo.brann');
    const [, payload] = valid.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await get('/api/v1/reportees', { authorization: `Bearer ${header}.${payload}.` })).statusCode).toBe(401);
  });

  it('rejects a token signed with an unknown key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const valid = await t.tokenFor('oslo.brann');
    const claims = JSON.parse(Buffer.from(valid.split('.')[1] ?? '', 'base64url').toString());
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).sign(privateKey);
    expect((await get('/api/v1/reportees', { authorization: `Bearer ${forged}` })).statusCode).toBe(401);
  });

  it('accepts a valid token and creates an unknown user on first sight', async () => {
    const token = await t.tokenFor('oslo.brann', { sub: 'brand-new-subject', preferred_username: 'ny.person' });
    const response = await get('/api/v1/reportees', { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    const user = await t.db.selectFrom('app_user').selectAll().where('subject', '=', 'brand-new-subject').executeTakeFirst();
    expect(user?.given_name).toBe('Kari');
  });

  it('lets in an account recreated at the identity provider (a new subject with a known username) as a new user', async () => {
    const first = await t.tokenFor('oslo.brann', { sub: 'first-subject', preferred_username: 'gjenskapt.bruker' });
    expect((await get('/api/v1/reportees', { authorization: `Bearer ${first}` })).statusCode).toBe(200);
    const before = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('subject', '=', 'first-subject')
      .executeTakeFirstOrThrow();
    const again = await t.tokenFor('oslo.brann', { sub: 'second-subject', preferred_username: 'gjenskapt.bruker' });
    expect((await get('/api/v1/reportees', { authorization: `Bearer ${again}` })).statusCode).toBe(200);
    // The new account has the username; the old one keeps its id, history and access, without it.
    const now = await t.db
      .selectFrom('app_user')
      .select('subject')
      .where('username', '=', 'gjenskapt.bruker')
      .executeTakeFirstOrThrow();
    expect(now.subject).toBe('second-subject');
    const old = await t.db.selectFrom('app_user').select('username').where('id', '=', before.id).executeTakeFirstOrThrow();
    expect(old.username).toBeNull();
  });
});

describe('organisation and terms', () => {
  it('answers 403 without the organisation header', async () => {
    const headers = await t.headersFor('oslo.brann');
    const response = await get('/api/v1/counties', headers);
    expect(response.statusCode).toBe(403);
    expectErrorBody(response, { type: 'ACCESS_DENIED' });
  });

  it('answers 403 for an organisation the user may not represent', async () => {
    const headers = await t.headersFor('oslo.brann', DEMO_ORGANISATIONS.vest110.organisation_number);
    expect((await get('/api/v1/counties', headers)).statusCode).toBe(403);
  });

  it('answers 403 for a malformed organisation number', async () => {
    const headers = await t.headersFor('oslo.brann', '12345');
    expect((await get('/api/v1/counties', headers)).statusCode).toBe(403);
  });

  it('answers 403 on data endpoints until the terms are accepted', async () => {
    const token = await t.tokenFor('vest.110');
    const headers = { authorization: `Bearer ${token}`, 'fast-org-number': DEMO_ORGANISATIONS.vest110.organisation_number };
    expect((await get('/api/v1/counties', headers)).statusCode).toBe(403);
    expect((await get('/api/v1/municipality-access', headers)).statusCode).toBe(403);
    // Sign-in level endpoints stay open so that the user can read and accept the terms.
    expect((await get('/api/v1/terms/accepted', headers)).json()).toMatchObject({ hasAccepted: false });
    const accept = await t.app.inject({ method: 'POST', url: '/api/v1/terms/accept', headers, payload: {} });
    expect(accept.json()).toMatchObject({ hasAccepted: true });
    expect((await get('/api/v1/counties', headers)).statusCode).toBe(200);
  });

  it('lets a user with access through', async () => {
    const response = await get('/api/v1/counties', await t.headersFor('oslo.brann', OSLO));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ id: '03', name: 'Oslo', children: [{ id: '0301', name: 'Oslo' }] }]);
  });

  it('refuses an organisation withdrawn from the user within five seconds of the withdrawal', async () => {
    const headers = await t.headersFor('oslo.brann', OSLO);
    const user = await t.db.selectFrom('app_user').select('id').where('username', '=', 'oslo.brann').executeTakeFirstOrThrow();
    expect((await get('/api/v1/counties', headers)).statusCode).toBe(200);
    await t.db.deleteFrom('user_organisation').where('user_id', '=', user.id).where('organisation_number', '=', OSLO).execute();
    try {
      await new Promise((resolve) => setTimeout(resolve, 5_100));
      const response = await get('/api/v1/counties', headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: expect.stringContaining('representere') });
    } finally {
      await t.db.insertInto('user_organisation').values({ user_id: user.id, organisation_number: OSLO }).execute();
    }
  });
});

describe('unknown paths', () => {
  it('answer 404 with the error body under /api', async () => {
    const response = await get('/api/v1/does-not-exist', await t.headersFor('oslo.brann', OSLO));
    expect(response.statusCode).toBe(404);
    expectErrorBody(response, { type: 'NOT_FOUND' });
  });

  it('answer 404 with the error body without a token too', async () => {
    const response = await get('/api/nothing/here');
    expect(response.statusCode).toBe(404);
    expectErrorBody(response, { type: 'NOT_FOUND' });
  });
});
