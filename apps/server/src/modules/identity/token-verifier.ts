import { createRemoteJWKSet, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';

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
}

export type TokenVerifier = (token: string) => Promise<AccessTokenClaims>;

export class InvalidTokenError extends Error {}

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

/** Keys of an external issuer, found through its discovery document on first use. */
export function discoveredKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | null = null;
  const discover = async () => {
    const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`OIDC discovery at ${issuer} answered ${response.status}`);
    const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri: string };
    return createRemoteJWKSet(new URL(jwksUri));
  };
  return async (header, token) => {
    keys ??= discover().catch((error: unknown) => {
      keys = null;
      throw error;
    });
    return (await keys)(header, token);
  };
}

/** Roles from the realm and from every resource (client), as Keycloak puts them. */
export function rolesOf(claims: AccessTokenClaims): string[] {
  const realm = claims.realm_access?.roles ?? [];
  const resource = Object.values(claims.resource_access ?? {}).flatMap((r) => r.roles ?? []);
  return [...new Set([...realm, ...resource])];
}

export function fullNameOf(claims: AccessTokenClaims): string {
  return [claims.given_name, claims.middle_name, claims.family_name].filter(Boolean).join(' ');
}
