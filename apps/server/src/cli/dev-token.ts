import { createHash, randomBytes } from 'node:crypto';

/**
 * `npm run dev-token -- USERNAME [BASE_URL]`: signs a demo user in through the development
 * identity provider's real login flow (code + PKCE) and prints an access token, for curl,
 * sqlmap and load tests against a running server. Development only: the password is the demo one.
 */
export async function fetchDevToken(baseUrl: string, username: string, password = 'demo'): Promise<string> {
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) cookies.set(name.trim(), value.join('='));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const step = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, baseUrl), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    remember(response);
    return response;
  };

  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${baseUrl}/auth/callback`;
  const authorize = `/idp/auth?${new URLSearchParams({
    client_id: 'fast-web',
    response_type: 'code',
    scope: 'openid profile offline_access',
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  })}`;
  let response = await step(authorize);
  const interaction = response.headers.get('location') ?? '';
  const uid = interaction.split('/').pop() ?? '';
  response = await step(`/idp/interaction/${uid}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  if (response.status !== 303) throw new Error(`Sign-in as ${username} failed (${response.status})`);
  // Follow the provider's redirects until it sends the browser back with a code.
  let location = response.headers.get('location') ?? '';
  for (let hops = 0; hops < 5 && !location.startsWith(redirectUri); hops++) {
    response = await step(location);
    location = response.headers.get('location') ?? '';
  }
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`No authorization code for ${username}`);
  const token = await fetch(new URL('/idp/token', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'fast-web',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  if (!token.ok) throw new Error(`Token exchange failed (${token.status})`);
  return ((await token.json()) as { access_token: string }).access_token;
}

if (import.meta.main) {
  const [username, baseUrl = 'http://localhost:8080'] = process.argv.slice(2);
  if (!username) {
    console.error('Usage: npm run dev-token -- USERNAME [BASE_URL]');
    process.exit(2);
  }
  console.log(await fetchDevToken(baseUrl, username));
}
