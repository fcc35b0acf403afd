import { createHash, randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

/**
 * The platform journey without the SPA: sign in through the development provider's real login
 * page in Chromium (authorization code + PKCE), receive tokens, and call every platform endpoint
 * as the SPA will.
 */

interface Tokens {
  access_token: string;
  refresh_token?: string;
  id_token: string;
  token_type: string;
}

async function signIn(page: Page, request: APIRequestContext, baseURL: string, username: string): Promise<Tokens> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${baseURL}/auth/callback`;
  // Keep the SPA out of it: this test is the client.
  await page.route('**/auth/callback**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'callback' }));
  const authorize = new URL(`${baseURL}/idp/auth`);
  authorize.search = new URLSearchParams({
    client_id: 'fast-web',
    response_type: 'code',
    scope: 'openid profile offline_access',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  }).toString();
  await page.goto(authorize.toString());

  await expect(page.getByRole('heading', { name: 'Logg inn' })).toBeVisible();
  await page.getByLabel('Brukernavn').fill(username);
  await page.getByLabel('Passord').fill('feil-passord');
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page.getByRole('alert')).toContainText('Feil brukernavn eller passord');

  await page.getByLabel('Passord').fill('demo');
  await Promise.all([page.waitForURL(/\/auth\/callback\?/), page.getByRole('button', { name: 'Logg inn' }).click()]);
  const code = new URL(page.url()).searchParams.get('code');
  expect(code).toBeTruthy();

  const response = await request.post(`${baseURL}/idp/token`, {
    form: {
      grant_type: 'authorization_code',
      client_id: 'fast-web',
      code: code ?? '',
      redirect_uri: redirectUri,
      code_verifier: verifier,
    },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Tokens;
}

function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

test('oslo.brann signs in through the login page and uses every platform endpoint', async ({ page, request, baseURL }) => {
  const base = baseURL ?? '';
  const tokens = await signIn(page, request, base, 'oslo.brann');
  expect(tokens.token_type).toBe('Bearer');
  expect(tokens.refresh_token).toBeTruthy();

  const claims = claimsOf(tokens.access_token);
  expect(claims).toMatchObject({
    preferred_username: 'oslo.brann',
    given_name: 'Kari',
    family_name: 'Nordmann',
    aud: 'fast-api',
    iss: `${base}/idp`,
    realm_access: { roles: [] },
  });

  // The refresh token works and yields a new access token.
  const refreshed = await request.post(`${base}/idp/token`, {
    form: { grant_type: 'refresh_token', client_id: 'fast-web', refresh_token: tokens.refresh_token ?? '' },
  });
  expect(refreshed.status()).toBe(200);
  const accessToken = ((await refreshed.json()) as Tokens).access_token;

  const user = { authorization: `Bearer ${accessToken}` };
  const reportees = await (await request.get(`${base}/api/v1/reportees`, { headers: user })).json();
  expect(reportees).toEqual([{ name: 'Oslo brann- og redningsetat', organizationNumber: expect.stringMatching(/^\d{9}$/) }]);
  const headers = { ...user, 'FAST-ORG-NUMBER': reportees[0].organizationNumber };

  const terms = await (await request.get(`${base}/api/v1/terms/current`, { headers: user })).json();
  expect(terms.text.nb).toContain('Brukervilkår');
  expect((await request.get(`${base}/api/v1/terms/accepted`, { headers: user })).status()).toBe(200);
  const accepted = await request.post(`${base}/api/v1/terms/accept`, { headers: user, data: {} });
  expect(await accepted.json()).toMatchObject({ hasAccepted: true });
  expect(await (await request.get(`${base}/api/v1/terms/accepted`, { headers: user })).json()).toMatchObject({
    hasAccepted: true,
  });

  const messages = await (await request.get(`${base}/api/v1/statusmessage`, { headers: user })).json();
  expect(messages).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'INFO' })]));

  const counties = await (await request.get(`${base}/api/v1/counties`, { headers })).json();
  // Other journeys may have given oslo.brann more municipalities (Asker); Oslo is always there.
  expect(counties).toEqual(expect.arrayContaining([{ id: '03', name: 'Oslo', children: [{ id: '0301', name: 'Oslo' }] }]));

  const municipalities = await (await request.get(`${base}/api/v1/municipalities`, { headers })).json();
  expect(municipalities).toHaveLength(357);

  const access = await (await request.get(`${base}/api/v1/municipality-access`, { headers })).json();
  expect(access).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ municipalityCode: '0301', given: true }),
      expect.objectContaining({ municipalityCode: '3201', given: false }),
    ]),
  );
  const requested = await request.post(`${base}/api/v1/municipality-access`, { headers, data: { municipalityCodes: ['5001'] } });
  expect(requested.status()).toBe(200);
  const again = await request.post(`${base}/api/v1/municipality-access`, { headers, data: { municipalityCodes: ['5001'] } });
  expect(await again.json()).toEqual([]);

  const frontend = await (await request.get(`${base}/api/frontend/config`)).json();
  expect(frontend.contact.organizationNumber).toMatch(/^\d{9}$/);

  // Without the organisation header the data endpoints refuse.
  expect((await request.get(`${base}/api/v1/counties`, { headers: user })).status()).toBe(403);
  // And without a token everything under /api/v1 does.
  expect((await request.get(`${base}/api/v1/reportees`)).status()).toBe(401);
});

test('ny.bruker signs in and represents no organisation', async ({ page, request, baseURL }) => {
  const base = baseURL ?? '';
  const tokens = await signIn(page, request, base, 'ny.bruker');
  const reportees = await request.get(`${base}/api/v1/reportees`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(reportees.status()).toBe(200);
  expect(await reportees.json()).toEqual([]);
});
