import type { AdminAuditPage, AdminStatusMessage, StatusMessage } from '@fast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../test/test-app.ts';

let t: TestApp;
let admin: Record<string, string>;
let user: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.headersFor('fast.admin');
  user = await t.headersFor('vest.110');
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as string }) });

async function bannerTexts(): Promise<string[]> {
  const response = await inject('GET', '/api/v1/statusmessage', undefined, user);
  return (response.json() as StatusMessage[]).map((m) => m.message);
}

async function create(payload: Record<string, unknown>): Promise<AdminStatusMessage> {
  const response = await inject('POST', '/api/v1/admin/status-messages', payload);
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('status messages', () => {
  it('creates a multi-line message that the banner shows at once', async () => {
    const message = 'Planlagt vedlikehold i kveld.\nFAST kan være utilgjengelig mellom 22 og 23.';
    const created = await create({ type: 'WARNING', message });
    expect(created).toMatchObject({ type: 'WARNING', message, validTo: null, state: 'ACTIVE' });
    expect(await bannerTexts()).toContain(message);
  });

  it('keeps a scheduled message out of the banner until it starts', async () => {
    const from = new Date(Date.now() + 2 * HOUR).toISOString();
    const created = await create({ type: 'INFO', message: 'Ny versjon kommer.', validFrom: from });
    expect(created.state).toBe('SCHEDULED');
    expect(await bannerTexts()).not.toContain('Ny versjon kommer.');
    const list = (await inject('GET', '/api/v1/admin/status-messages')).json() as AdminStatusMessage[];
    expect(list.find((m) => m.id === created.id)).toMatchObject({ state: 'SCHEDULED', validFrom: from });
  });

  it('edits type, text and period', async () => {
    const created = await create({ type: 'INFO', message: 'Først.' });
    const until = new Date(Date.now() + HOUR).toISOString();
    const response = await inject('PUT', `/api/v1/admin/status-messages/${created.id}`, {
      type: 'ERROR',
      message: 'Søket er nede.',
      validFrom: created.validFrom,
      validTo: until,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: created.id,
      type: 'ERROR',
      message: 'Søket er nede.',
      validTo: until,
      state: 'ACTIVE',
    });
    expect(await bannerTexts()).toContain('Søket er nede.');
    expect(await bannerTexts()).not.toContain('Først.');
  });

  it('ends a message: out of the banner, listed as ended; ending again is a conflict', async () => {
    const created = await create({ type: 'ERROR', message: 'Kartet er nede.' });
    const ended = await inject('POST', `/api/v1/admin/status-messages/${created.id}/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ id: created.id, state: 'ENDED', validTo: expect.any(String) });
    expect(await bannerTexts()).not.toContain('Kartet er nede.');
    const again = await inject('POST', `/api/v1/admin/status-messages/${created.id}/end`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ type: 'CONFLICT' });
  });

  it('removes a scheduled message when it is ended, since it was never shown', async () => {
    const created = await create({ type: 'INFO', message: 'Avlyst.', validFrom: new Date(Date.now() + HOUR).toISOString() });
    const ended = await inject('POST', `/api/v1/admin/status-messages/${created.id}/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toBeNull();
    const list = (await inject('GET', '/api/v1/admin/status-messages')).json() as AdminStatusMessage[];
    expect(list.some((m) => m.id === created.id)).toBe(false);
  });

  it('logs every change in the admin audit log', async () => {
    const page = (await inject('GET', '/api/v1/admin/audit-log?limit=200')).json() as AdminAuditPage;
    const actions = page.entries.map((e) => e.action);
    expect(actions.filter((a) => a === 'STATUS_MESSAGE_CREATED')).toHaveLength(5);
    expect(actions.filter((a) => a === 'STATUS_MESSAGE_UPDATED')).toHaveLength(1);
    expect(actions.filter((a) => a === 'STATUS_MESSAGE_ENDED')).toHaveLength(2);
    expect(page.entries[0]).toMatchObject({ adminName: 'Astrid Solberg', action: 'STATUS_MESSAGE_ENDED' });
    const filtered = (await inject('GET', '/api/v1/admin/audit-log?action=STATUS_MESSAGE_UPDATED')).json() as AdminAuditPage;
    expect(filtered.total).toBe(1);
  });

  it('answers 404 for an unknown message', async () => {
    expect((await inject('POST', '/api/v1/admin/status-messages/999999/end')).statusCode).toBe(404);
    const edit = await inject('PUT', '/api/v1/admin/status-messages/999999', { type: 'INFO', message: 'x' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toMatchObject({ type: 'NOT_FOUND' });
  });

  it.each([
    ['an unknown type', { type: 'DANGER', message: 'x' }],
    ['an empty message', { type: 'INFO', message: '' }],
    ['a blank message', { type: 'INFO', message: ' \n ' }],
    ['a message over 2000 characters', { type: 'INFO', message: 'x'.repeat(2001) }],
    [
      'an end before the start',
      { type: 'INFO', message: 'x', validFrom: '2030-01-02T00:00:00Z', validTo: '2030-01-01T00:00:00Z' },
    ],
    ['a malformed date', { type: 'INFO', message: 'x', validFrom: 'i morgen' }],
    // The date-time format allows a leap second; no Date (nor PostgreSQL) can hold it.
    ['a leap second', { type: 'INFO', message: 'x', validFrom: '2030-06-30T23:59:60Z' }],
    ['an extra field', { type: 'INFO', message: 'x', id: 3 }],
  ])('rejects %s with VALIDATION_ERROR', async (_name, payload) => {
    const response = await inject('POST', '/api/v1/admin/status-messages', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
  });

  it('rejects a malformed id', async () => {
    expect((await inject('POST', '/api/v1/admin/status-messages/abc/end')).statusCode).toBe(400);
  });

  it('keeps an optional Nynorsk text, which the banner endpoint answers beside the Bokmål one', async () => {
    const bokmal = await create({ type: 'INFO', message: 'Bare på bokmål.' });
    expect(bokmal.messageNn).toBeNull();
    const both = await create({
      type: 'WARNING',
      message: 'Søket er tregt i dag.',
      messageNn: 'Søket er tregt i dag, på nynorsk.',
    });
    expect(both).toMatchObject({ message: 'Søket er tregt i dag.', messageNn: 'Søket er tregt i dag, på nynorsk.' });
    const banner = (await inject('GET', '/api/v1/statusmessage', undefined, user)).json() as StatusMessage[];
    expect(banner).toContainEqual({
      type: 'WARNING',
      message: 'Søket er tregt i dag.',
      messageNn: 'Søket er tregt i dag, på nynorsk.',
    });
    expect(banner).toContainEqual({ type: 'INFO', message: 'Bare på bokmål.', messageNn: null });

    const cleared = await inject('PUT', `/api/v1/admin/status-messages/${both.id}`, {
      type: 'WARNING',
      message: 'Søket er tregt i dag.',
      messageNn: null,
      validFrom: both.validFrom,
    });
    expect(cleared.json()).toMatchObject({ messageNn: null });
    const blank = await inject('POST', '/api/v1/admin/status-messages', { type: 'INFO', message: 'x', messageNn: '  ' });
    expect(blank.statusCode).toBe(400);
  });
});
