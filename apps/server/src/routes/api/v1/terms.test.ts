import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let authorization: string;
beforeAll(async () => {
  t = await createTestApp();
  authorization = `Bearer ${await t.tokenFor('uten.tilgang')}`;
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization }, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('terms of use', () => {
  it('serves the current text in Bokmål and Nynorsk', async () => {
    const response = await call('GET', '/api/v1/terms/current');
    expect(response.statusCode).toBe(200);
    const body = response.json() as { version: number; text: { nb: string; nn: string } };
    expect(body.version).toBe(1);
    expect(body.text.nb).toContain('Brukervilkår');
    expect(body.text.nn).toContain('Brukarvilkår');
  });

  it('is not accepted until the user accepts, and accepting is idempotent', async () => {
    expect((await call('GET', '/api/v1/terms/accepted')).json()).toEqual({ hasAccepted: false });
    expect((await call('POST', '/api/v1/terms/accept', {})).json()).toEqual({ hasAccepted: true });
    expect((await call('POST', '/api/v1/terms/accept', { version: 1 })).json()).toEqual({ hasAccepted: true });
    // No body at all, and the answer's own shape as a body, accept too (spec § 7 names no body).
    expect((await call('POST', '/api/v1/terms/accept')).json()).toEqual({ hasAccepted: true });
    expect((await call('POST', '/api/v1/terms/accept', { hasAccepted: true })).json()).toEqual({ hasAccepted: true });
    expect((await call('GET', '/api/v1/terms/accepted')).json()).toEqual({ hasAccepted: true });
    const rows = await t.db.selectFrom('terms_acceptance').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('asks again when a new version is published, and refuses an acceptance of the old text', async () => {
    await t.db.insertInto('terms_version').values({ version: 2, text_nb: 'Nye vilkår', text_nn: 'Nye vilkår' }).execute();
    expect((await call('GET', '/api/v1/terms/accepted')).json()).toEqual({ hasAccepted: false });
    const stale = await call('POST', '/api/v1/terms/accept', { version: 1 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
    expect((await call('POST', '/api/v1/terms/accept', { version: 2 })).json()).toEqual({ hasAccepted: true });
  });

  it('rejects a malformed acceptance', async () => {
    expect((await call('POST', '/api/v1/terms/accept', { version: 'one' })).statusCode).toBe(400);
    expect((await call('POST', '/api/v1/terms/accept', { version: 0 })).statusCode).toBe(400);
    // Terms are not un-accepted.
    const withdrawn = await call('POST', '/api/v1/terms/accept', { hasAccepted: false });
    expect(withdrawn.statusCode).toBe(400);
    expect(withdrawn.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
  });
});
