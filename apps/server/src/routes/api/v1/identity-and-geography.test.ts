import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function get(url: string, username: string, organisationNumber?: string) {
  return t.app.inject({ method: 'GET', url, headers: await t.headersFor(username, organisationNumber) });
}

describe('GET /api/v1/reportees', () => {
  it('lists the organisations a user may represent', async () => {
    expect((await get('/api/v1/reportees', 'oslo.brann')).json()).toEqual([
      { name: 'Oslo brann- og redningsetat', organizationNumber: DEMO_ORGANISATIONS.osloBrann.organisation_number },
    ]);
    expect((await get('/api/v1/reportees', 'statsforvalter.rogaland')).json()).toHaveLength(2);
  });

  it('is empty for a user who represents no organisation', async () => {
    expect((await get('/api/v1/reportees', 'ny.bruker')).json()).toEqual([]);
  });
});

describe('GET /api/v1/counties', () => {
  it('holds exactly the municipalities given to the user and organisation', async () => {
    const vest = (await get('/api/v1/counties', 'vest.110', DEMO_ORGANISATIONS.vest110.organisation_number)).json() as {
      id: string;
      children: { id: string }[];
    }[];
    expect(vest.map((c) => c.id)).toEqual(['46']);
    expect(vest[0]?.children.map((m) => m.id)).toContain('4601');
    expect(vest[0]?.children).toHaveLength(12);
  });

  it('changes with the organisation the user represents', async () => {
    const governor = (
      await get('/api/v1/counties', 'statsforvalter.rogaland', DEMO_ORGANISATIONS.statsforvalterRogaland.organisation_number)
    ).json() as {
      children: unknown[];
    }[];
    const fireService = (
      await get('/api/v1/counties', 'statsforvalter.rogaland', DEMO_ORGANISATIONS.rogalandBrann.organisation_number)
    ).json() as {
      children: unknown[];
    }[];
    expect(governor[0]?.children).toHaveLength(23);
    expect(fireService[0]?.children).toHaveLength(4);
  });

  it('is empty without access, and pending requests do not count', async () => {
    expect(
      (await get('/api/v1/counties', 'uten.tilgang', DEMO_ORGANISATIONS.hallingdalBrann.organisation_number)).json(),
    ).toEqual([]);
    const oslo = (await get('/api/v1/counties', 'oslo.brann', DEMO_ORGANISATIONS.osloBrann.organisation_number)).json() as {
      id: string;
    }[];
    expect(oslo.map((c) => c.id)).toEqual(['03']);
  });
});

describe('GET /api/v1/municipalities', () => {
  it('lists all 357 municipalities with their counties', async () => {
    const all = (await get('/api/v1/municipalities', 'ny.bruker')).json() as { id: string; countyName: string }[];
    expect(all).toHaveLength(357);
    expect(all.find((m) => m.id === '4601')).toEqual({ id: '4601', name: 'Bergen', countyId: '46', countyName: 'Vestland' });
  });
});

describe('GET /api/v1/statusmessage', () => {
  it('answers only the messages valid now', async () => {
    await t.db
      .insertInto('status_message')
      .values([
        { type: 'WARNING', message: 'Utløpt', valid_from: '2020-01-01T00:00:00Z', valid_to: '2020-01-02T00:00:00Z' },
        { type: 'ERROR', message: 'Fremtidig', valid_from: '2999-01-01T00:00:00Z' },
      ])
      .execute();
    const messages = (await get('/api/v1/statusmessage', 'ny.bruker')).json() as { type: string; message: string }[];
    expect(messages).toHaveLength(1);
    expect(messages[0]?.type).toBe('INFO');
    expect(messages[0]?.message).toContain('\n');
  });
});

describe('public configuration', () => {
  it('GET /config tells the SPA how to sign in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config' });
    expect(response.json()).toEqual({
      authority: 'http://localhost:8080/idp',
      clientId: 'fast-web',
      scope: 'openid profile offline_access',
      redirectPath: '/auth/callback',
      postLogoutRedirectPath: '/',
    });
  });

  it('GET /api/frontend/config has the footer contact details', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/frontend/config' });
    expect(response.json()).toMatchObject({
      environment: 'development',
      analyticsDomain: null,
      contact: { phone: '33412500', organizationNumber: '974760983', email: 'postmottak@dsb.no' },
    });
  });

  it('serves the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: object };
    // 3.1, whose schemas are JSON Schema: the map tuple's nullable name is a type list.
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/municipality-access', '/api/v1/reportees', '/api/v1/terms/accept']));
  });

  it('reports health and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
      status: 'ok',
      databases: { primary: 'ok' },
    });
  });
});
