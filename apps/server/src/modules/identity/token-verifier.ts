import { createRemoteJWKSet, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { ApiError } from '../../errors.ts';

/** The claims FAST reads, as a Keycloak-style access token carries them. */
export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  preferred_username?: string;
  given_name?: string;
  middle_name?: string;
  family_name?: string;
  pid?: string;
  realm_access?: { roles?: string[] };
  resource_access?: Record<string, { roles?: string[] }>;
  /** The OAuth client the token was issued to (RFC 9068): a registered API client's marks a machine's token. */
  client_id?: unknown;
}

export type TokenVerifier = (token: string) => Promise<AccessTokenClaims>;

export class InvalidTokenError extends Error {}

/**
 * The identity provider's keys could not be had (it does not answer, or answers with an error):
 * no verdict on the token, so no 401 either. The user is told the service is unavailable (503).
 */
class IdentityProviderUnavailableError extends ApiError {
  constructor(cause: unknown) {
    super(503, 'SERVICE_UNAVAILABLE', 'Innloggingstjenesten svarer ikke. Prøv igjen om litt.');
    this.cause = cause;
  }
}

// Asymmetric algorithms only: `none` and HMAC (which a public key could be abused as) are refused.
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384'];

export function createTokenVerifier(options: { issuer: string; audience: string; keys: JWTVerifyGetKey }): TokenVerifier {
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, options.keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ALGORITHMS,
        clockTolerance: 5,
        requiredClaims: ['sub', 'exp'],
      });
      return payload as AccessTokenClaims;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) {
        throw new InvalidTokenError(error.message, { cause: error });
      }
      throw error;
    }
  };
}

/** How long fetching the provider's discovery document or keys may take before the request answers 503. */
const PROVIDER_TIMEOUT_MS = 5_000;

/**
 * Keys of an external issuer, found through its discovery document on first use. A provider that
 * cannot be reached (or answers its discovery or key set with an error) is
 * IdentityProviderUnavailableError; a key set without the token's key is the token's fault (401).
 */
export function discoveredKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | null = null;
  const discover = async () => {
    let response: Response;
    try {
      response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
    } catch (error) {
      throw new IdentityProviderUnavailableError(error);
    }
    if (!response.ok)
      throw new IdentityProviderUnavailableError(new Error(`OIDC discovery at ${issuer} answered ${response.status}`));
    const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri: string };
    return createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: PROVIDER_TIMEOUT_MS });
  };
  return async (header, token) => {
    keys ??= discover().catch((error: unknown) => {
      keys = null;
      throw error;
    });
    const getKey = await keys;
    try {
      return await getKey(header, token);
    } catch (error) {
      // What jose raises when the key set could not be fetched, as against a key set without the token's key.
      if (
        error instanceof errors.JWKSTimeout ||
        (error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC') ||
        error instanceof TypeError
      ) {
        throw new IdentityProviderUnavailableError(error);
      }
      throw error;
    }
  };
}

/**
 * Roles from the realm and from FAST's own client (OIDC_CLIENT_ID), as Keycloak puts them. Another
 * client's roles are that client's business: a `fast-admin` role of some other application in the
 * same realm grants nothing here.
 */
export function rolesOf(claims: AccessTokenClaims, clientId: string): string[] {
  const realm = claims.realm_access?.roles ?? [];
  const resource = Object.hasOwn(claims.resource_access ?? {}, clientId) ? (claims.resource_access?.[clientId]?.roles ?? []) : [];
  return [...new Set([...realm, ...resource].filter((role): role is string => typeof role === 'string'))];
}

export function fullNameOf(claims: AccessTokenClaims): string {
  return [claims.given_name, claims.middle_name, claims.family_name].filter(Boolean).join(' ');
}
