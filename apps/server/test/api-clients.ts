import type { ApiClientWithSecret } from '@fast/contracts';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** Registers a machine client through the console's API, as fast.admin; answers it with its secret. */
export async function registerClient(
  t: TestApp,
  input: { name: string; organisationNumber: string; expiresAt?: string },
): Promise<ApiClientWithSecret> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/api-clients',
    headers: await t.headersFor('fast.admin'),
    payload: {
      contact: 'drift@example.no',
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      ...input,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The development provider's token endpoint, client credentials in the Basic header (RFC 6749, 4.4). */
export function requestClientToken(t: TestApp, clientId: string, secret: string, form = 'grant_type=client_credentials') {
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64');
  return t.app.inject({
    method: 'POST',
    url: '/idp/token',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  });
}

/** A token for a client, as the development provider issues it; fails the test when none is issued. */
export async function clientToken(t: TestApp, clientId: string, secret: string): Promise<string> {
  const response = await requestClientToken(t, clientId, secret);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { access_token: string }).access_token;
}
