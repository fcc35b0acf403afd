import type { AdapterPayload, default as Provider } from 'oidc-provider';
import type { Db } from '../db/database.ts';
import { apiClientSecretMatches } from '../modules/api-clients/api-client-secret.ts';
import { findActiveClientCredentials } from '../modules/api-clients/api-clients.repository.ts';

/**
 * The registered API clients as oidc-provider clients (its adapter's `Client` model): only the
 * client-credentials grant, a secret in the Basic header or the form. Unknown, revoked and expired
 * clients are not found, so the token endpoint answers `invalid_client` to them; the table is read
 * on every token request, so a revocation or a rotation counts at once.
 *
 * `client_secret` holds the secret's SHA-256, not the secret (FAST keeps no secret): see
 * `verifyHashedClientSecrets`, and no feature that would use the secret as a key (HS256 signing,
 * symmetric encryption, client_secret_jwt) is open to these clients.
 */
export async function apiClientMetadata(db: Db, clientId: string): Promise<AdapterPayload | undefined> {
  const client = await findActiveClientCredentials(db, clientId);
  if (!client) return undefined;
  return {
    client_id: client.clientId,
    client_name: client.name,
    client_secret: client.secretHash,
    client_secret_expires_at: Math.floor(client.expiresAt.getTime() / 1000),
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
  };
}

/**
 * Compares a presented client secret with the stored hash, through the Client prototype's
 * `compareClientSecret`, which oidc-provider exposes for exactly this (panva/node-oidc-provider#631).
 * The app's own client is public (no secret), so this only ever sees API clients.
 */
export function verifyHashedClientSecrets(provider: Provider): void {
  provider.Client.prototype.compareClientSecret = function compareClientSecret(this: { clientSecret?: string }, actual: string) {
    return typeof this.clientSecret === 'string' && apiClientSecretMatches(actual, this.clientSecret);
  };
}
