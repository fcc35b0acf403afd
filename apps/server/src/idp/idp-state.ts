import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/database.ts';

export interface IdpSecrets {
  signingKey: JWK;
  cookieKeys: string[];
}

/**
 * The development provider's signing key and cookie keys, made once and kept in the database so
 * that tokens and sessions outlive a restart and every server process signs with the same key.
 */
export async function loadIdpSecrets(db: Db): Promise<IdpSecrets> {
  const existing = await db.selectFrom('idp_state').select('value').where('name', '=', 'secrets').executeTakeFirst();
  if (existing) return existing.value as IdpSecrets;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const signingKey = { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
  const created: IdpSecrets = { signingKey, cookieKeys: [randomBytes(32).toString('base64url')] };
  // Two processes starting at once: the first insert wins and both read it back.
  await db
    .insertInto('idp_state')
    .values({ name: 'secrets', value: JSON.stringify(created) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await db.selectFrom('idp_state').select('value').where('name', '=', 'secrets').executeTakeFirstOrThrow();
  return stored.value as IdpSecrets;
}

/** The public half of the signing key, for verifying tokens without fetching our own JWKS. */
export function publicJwk(secrets: IdpSecrets): JWK {
  const { kty, n, e, kid, alg, use } = secrets.signingKey;
  return { kty, n, e, kid, alg, use };
}
