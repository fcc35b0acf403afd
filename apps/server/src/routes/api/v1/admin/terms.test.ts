import type { AdminTermsVersion } from '@fast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../../test/test-app.ts';

const OSLO = DEMO_ORGANISATIONS.osloBrann.organisation_number;

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.headersFor('fast.admin');
});
afterAll(async () => t?.close());

const publish = (basedOnVersion: number, nb = 'Nye vilkår.\n\nLes dem.', nn = 'Nye vilkår.\n\nLes dei.') =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/terms', headers: admin, payload: { text: { nb, nn }, basedOnVersion } });

describe('terms of use', () => {
  it('lists the published versions with how many accepted them', async () => {
    await t.acceptTerms('oslo.brann');
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/admin/terms', headers: admin });
    expect(response.statusCode).toBe(200);
    const [current] = response.json() as AdminTermsVersion[];
    expect(current).toMatchObject({ version: 1, text: { nb: expect.stringContaining('Brukervilkår for FAST') } });
    expect(current?.acceptedCount).toBeGreaterThanOrEqual(2);
  });

  it('publishes a new version that every user must accept before using data again', async () => {
    const headers = { authorization: `Bearer ${await t.tokenFor('oslo.brann')}`, 'fast-org-number': OSLO };
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/municipality-access', headers })).statusCode).toBe(200);

    const response = await publish(1);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ version: 2, acceptedCount: 0, text: { nb: 'Nye vilkår.\n\nLes dem.' } });

    const blocked = await t.app.inject({ method: 'GET', url: '/api/v1/municipality-access', headers });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ type: 'ACCESS_DENIED', message: expect.stringContaining('brukervilkårene') });
    const status = await t.app.inject({ method: 'GET', url: '/api/v1/terms/accepted', headers });
    expect(status.json()).toEqual({ hasAccepted: false });
    const current = await t.app.inject({ method: 'GET', url: '/api/v1/terms/current', headers });
    expect(current.json()).toMatchObject({ version: 2, text: { nn: 'Nye vilkår.\n\nLes dei.' } });

    const accept = await t.app.inject({ method: 'POST', url: '/api/v1/terms/accept', headers, payload: { version: 2 } });
    expect(accept.json()).toEqual({ hasAccepted: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/municipality-access', headers })).statusCode).toBe(200);

    const audit = await t.db.selectFrom('admin_audit_log').selectAll().where('action', '=', 'TERMS_PUBLISHED').execute();
    expect(audit).toEqual([expect.objectContaining({ target: 'terms:2', admin_name: 'Astrid Solberg' })]);
  });

  it('answers 409 CONFLICT to a text based on an older version', async () => {
    const response = await publish(1);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ type: 'CONFLICT', message: expect.stringContaining('Versjon 2') });
  });

  it('lets one of two administrators publishing at once win; the other gets 409', async () => {
    const [a, b] = await Promise.all([publish(2, 'A', 'A'), publish(2, 'B', 'B')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const versions = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/terms', headers: admin })
    ).json() as AdminTermsVersion[];
    expect(versions.map((v) => v.version)).toEqual([3, 2, 1]);
  });

  it.each([
    ['an empty Bokmål text', { text: { nb: '', nn: 'x' }, basedOnVersion: 3 }],
    ['a blank Nynorsk text', { text: { nb: 'x', nn: '  ' }, basedOnVersion: 3 }],
    ['a missing Nynorsk text', { text: { nb: 'x' }, basedOnVersion: 3 }],
    ['no base version', { text: { nb: 'x', nn: 'x' } }],
    ['a text over 20 000 characters', { text: { nb: 'x'.repeat(20_001), nn: 'x' }, basedOnVersion: 3 }],
  ])('rejects %s with VALIDATION_ERROR', async (_name, payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/admin/terms', headers: admin, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
  });
});
