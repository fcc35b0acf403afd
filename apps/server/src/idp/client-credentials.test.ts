import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientToken, registerClient, requestClientToken } from '../../test/api-clients.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const VEST_110 = DEMO_ORGANISATIONS.vest110.organisation_number;

function expectInvalidClient(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ error: 'invalid_client' });
}

describe('the client-credentials grant of the development provider', () => {
  it('issues a JWT for the API audience whose subject is the client, with no user claims', async () => {
    const { client, secret } = await registerClient(t, { name: 'Kartklient', organisationNumber: VEST_110 });
    const response = await requestClientToken(t, client.clientId, secret);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { access_token: string; token_type: string; expires_in: number };
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({
      sub: client.clientId,
      client_id: client.clientId,
      aud: t.config.oidc.audience,
      iss: t.config.oidc.issuer,
    });
    for (const claim of ['preferred_username', 'given_name', 'family_name', 'name', 'realm_access', 'resource_access']) {
      expect(claims, claim).not.toHaveProperty(claim);
    }
    // The server takes the token: it verifies like a person's.
    await expect(t.app.tokenVerifier(body.access_token)).resolves.toMatchObject({ sub: client.clientId });
  });

  it('takes the secret in the form body too (client_secret_post)', async () => {
    const { client, secret } = await registerClient(t, { name: 'Skjemaklient', organisationNumber: VEST_110 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: secret,
      }).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a wrong secret, an unknown client and the app’s own (public) client', async () => {
    const { client, secret } = await registerClient(t, { name: 'Feil hemmelighet', organisationNumber: VEST_110 });
    expectInvalidClient(await requestClientToken(t, client.clientId, `${secret.slice(0, -1)}x`));
    expectInvalidClient(await requestClientToken(t, client.clientId, ''.padEnd(43, 'A')));
    expectInvalidClient(await requestClientToken(t, 'fast-client-0000000000000000', secret));
    const spa = await requestClientToken(t, t.config.oidc.clientId, secret);
    expect(spa.statusCode).toBe(401);
  });

  it('refuses a revoked client at once', async () => {
    const { client, secret } = await registerClient(t, { name: 'Trekkes tilbake', organisationNumber: VEST_110 });
    await clientToken(t, client.clientId, secret);
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/api-clients/${client.id}/revoke`,
      headers: await t.headersFor('fast.admin'),
    });
    expect(revoke.statusCode).toBe(200);
    expectInvalidClient(await requestClientToken(t, client.clientId, secret));
  });

  it('refuses an expired client', async () => {
    const { client, secret } = await registerClient(t, { name: 'Utløper', organisationNumber: VEST_110 });
    await clientToken(t, client.clientId, secret);
    await t.db
      .updateTable('api_client')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', client.id)
      .execute();
    expectInvalidClient(await requestClientToken(t, client.clientId, secret));
  });

  it('after a rotation takes the new secret and refuses the old one', async () => {
    const { client, secret } = await registerClient(t, { name: 'Roteres', organisationNumber: VEST_110 });
    const rotate = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/api-clients/${client.id}/rotate`,
      headers: await t.headersFor('fast.admin'),
    });
    const rotated = rotate.json() as { secret: string };
    expectInvalidClient(await requestClientToken(t, client.clientId, secret));
    await clientToken(t, client.clientId, rotated.secret);
  });
});
