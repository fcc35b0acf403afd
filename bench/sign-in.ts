import { fetchDevToken } from '../apps/server/src/cli/dev-token.ts';

/**
 * The headers of a demo user signed in on a running server as the web app is: a token from the
 * development provider, the terms accepted, the user's first organisation chosen.
 */
export async function signedInHeaders(base: string, username: string): Promise<Record<string, string>> {
  const token = await fetchDevToken(base, username);
  const user = { authorization: `Bearer ${token}` };
  const [org] = (await (await fetch(`${base}/api/v1/reportees`, { headers: user })).json()) as { organizationNumber: string }[];
  await fetch(`${base}/api/v1/terms/accept`, {
    method: 'POST',
    headers: { ...user, 'content-type': 'application/json' },
    body: '{}',
  });
  return { ...user, 'fast-org-number': org?.organizationNumber ?? '', 'content-type': 'application/json' };
}
