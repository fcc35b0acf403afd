import { ADMIN_ROLE, ORG_HEADER } from '@fast/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AccessLevel } from '../app-types.ts';
import { accessDenied, unauthenticated } from '../errors.ts';
import { findMachineClient, isApiClientActive } from '../modules/api-clients/api-clients.repository.ts';
import type { AuthenticatedUser, MachineClient } from '../modules/identity/identity.ts';
import { type AccessTokenClaims, fullNameOf, InvalidTokenError, rolesOf } from '../modules/identity/token-verifier.ts';
import { hasAcceptedCurrentTerms } from '../modules/terms/terms.repository.ts';
import { upsertUserBySubject } from '../modules/users/user.repository.ts';

const ORG_HEADER_NAME = ORG_HEADER.toLowerCase();
const MAX_CACHED_TOKENS = 10_000;
/**
 * How long a passed organisation-and-terms check is trusted for the same user and organisation.
 * Only passes are kept, so accepting terms or gaining an organisation counts at once; publishing
 * terms forgets them all, in every server process (the 'access' change notification). What it
 * can delay is a withdrawn organisation, or terms published while a process' notification
 * connection is down: by at most this long (Altinn's own answers are kept 5 minutes).
 * The municipalities of a scope are not part of it: every query reads them (modules/access/scope.ts).
 */
const GATE_TTL_MS = 5_000;

/**
 * A verified token's claims and the user row behind it, kept for the token's lifetime: a token
 * cannot change, so its signature is checked and the user row read (or created) once per token,
 * not once per request; the cache entry ends when the token expires. For a machine client's token
 * it keeps which client it is; whether that client may still read is asked per request (admitClient).
 */
type UserCache = LRUCache<string, AuthenticatedUser>;

/** The bearer token of a request; the scheme's name is case-insensitive (RFC 9110, 11.1). */
function bearerToken(request: FastifyRequest): string | undefined {
  return request.headers.authorization?.match(/^Bearer +([A-Za-z0-9_.~+/=-]+)$/i)?.[1];
}

async function authenticate(app: FastifyInstance, request: FastifyRequest, users: UserCache) {
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  let cached = users.get(token);
  if (!cached) {
    let claims: AccessTokenClaims;
    try {
      claims = await app.tokenVerifier(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        request.log.info({ reason: error.message }, 'rejected bearer token');
        throw unauthenticated();
      }
      throw error;
    }
    const client = await machineClientOf(app, claims);
    cached = client ? asClientUser(claims, client) : await personOf(app, claims);
    const secondsLeft = (claims.exp ?? 0) - Date.now() / 1000;
    if (secondsLeft > 0) users.set(token, cached, { ttl: secondsLeft * 1000 });
  }
  request.user = cached;
}

/** A person's token: the user row for its subject, created on first sight, with its names and roles. */
async function personOf(app: FastifyInstance, claims: AccessTokenClaims): Promise<AuthenticatedUser> {
  const roles = rolesOf(claims, app.config.oidc.clientId);
  const { id } = await upsertUserBySubject(app.db, {
    subject: claims.sub,
    username: claims.preferred_username ?? null,
    givenName: claims.given_name ?? null,
    middleName: claims.middle_name ?? null,
    familyName: claims.family_name ?? null,
    roles,
  });
  return {
    id,
    subject: claims.sub,
    username: claims.preferred_username ?? null,
    fullName: fullNameOf(claims),
    roles,
    personIdentifier: claims.pid ?? null,
  };
}

/**
 * The registered API client a token was issued to: its `client_id` claim (RFC 9068, which the
 * development provider and Keycloak send) names a row of api_client (docs/ogc-api.md). Null for a
 * person's token, whose `client_id` is the app's own client (OIDC_CLIENT_ID) or none.
 */
async function machineClientOf(app: FastifyInstance, claims: AccessTokenClaims): Promise<MachineClient | null> {
  const clientId = claims.client_id;
  if (typeof clientId !== 'string' || clientId === app.config.oidc.clientId) return null;
  return findMachineClient(app.db, clientId);
}

/** A client acts as its own app_user row, with no roles: it is never an administrator. */
function asClientUser(claims: AccessTokenClaims, client: MachineClient): AuthenticatedUser {
  return {
    id: client.userId,
    subject: claims.sub,
    username: null,
    fullName: client.name,
    roles: [],
    personIdentifier: null,
    client,
  };
}

/**
 * A machine client: only the feed (level `feed`), only for its own organisation, and only while it
 * is neither revoked nor expired. That is asked of the database on every request, not cached, so
 * revoking a client (or its expiry) stops its very next request.
 */
async function admitClient(app: FastifyInstance, request: FastifyRequest, level: AccessLevel, client: MachineClient) {
  if (!(await isApiClientActive(app.db, client.id))) throw unauthenticated('API-klienten er trukket tilbake eller utløpt.');
  if (level !== 'feed') throw accessDenied('En API-klient har bare tilgang til OGC API-et.');
  const organisationNumber = request.headers[ORG_HEADER_NAME];
  if (organisationNumber !== undefined && organisationNumber !== client.organisationNumber) {
    throw accessDenied('API-klienten kan bare lese for virksomheten den er registrert for.');
  }
  request.scope = {
    userId: client.userId,
    organisationNumber: client.organisationNumber,
    client: { id: client.id, name: client.name },
  };
}

/** (user id, organisation number) pairs that passed selectOrganisation within GATE_TTL_MS. */
type GateCache = LRUCache<string, true>;

/** The organisation header must name an organisation the user may represent, with current terms accepted. */
async function selectOrganisation(app: FastifyInstance, request: FastifyRequest, passed: GateCache) {
  const organisationNumber = request.headers[ORG_HEADER_NAME];
  if (typeof organisationNumber !== 'string' || !/^[0-9]{9}$/.test(organisationNumber)) {
    throw accessDenied(`Mangler gyldig ${ORG_HEADER}.`);
  }
  const key = `${request.user.id}:${organisationNumber}`;
  if (!passed.get(key)) {
    const [represents, accepted] = await Promise.all([
      app.reportees.represents(request.user, organisationNumber),
      hasAcceptedCurrentTerms(app.db, request.user.id),
    ]);
    if (!represents) throw accessDenied('Du kan ikke representere denne virksomheten.');
    if (!accepted) throw accessDenied('Du må godta brukervilkårene først.');
    passed.set(key, true);
  }
  request.scope = { userId: request.user.id, organisationNumber };
}

/** Reference data that is not facility data (hazard cards): a signed-in user who has accepted the terms. */
async function requireAcceptedTerms(app: FastifyInstance, request: FastifyRequest, passed: GateCache) {
  const key = `${request.user.id}:terms`;
  if (passed.get(key)) return;
  if (!(await hasAcceptedCurrentTerms(app.db, request.user.id))) throw accessDenied('Du må godta brukervilkårene først.');
  passed.set(key, true);
}

/** A route's access level: what it states, else the data level for the API (forgetting it never opens data). */
function accessLevelOf(request: FastifyRequest): AccessLevel {
  const isApi = request.routeOptions.url?.startsWith('/api/') ?? false;
  return request.routeOptions.config.access ?? (isApi ? 'organisation' : 'public');
}

/**
 * The one place that decides who may call what (DESIGN.md section 3). Each route states its level
 * in `config.access`; an API route that states none gets the data level, so forgetting it can
 * never open data. Runs in onRequest, before any body is read.
 */
export function registerAccessControl(app: FastifyInstance) {
  const users: UserCache = new LRUCache({ max: MAX_CACHED_TOKENS, ttlAutopurge: false });
  const passed: GateCache = new LRUCache({ max: MAX_CACHED_TOKENS, ttl: GATE_TTL_MS, ttlAutopurge: false });
  app.changes.subscribe('access', () => passed.clear());
  app.decorate('forgetAccessChecks', () => app.changes.publish('access'));
  app.decorateRequest('user', null as never);
  app.decorateRequest('scope', null as never);
  // For the address limit (plugins/security.ts): a request to a signed-in route whose token this
  // process has verified is limited per user, however busy its address is.
  app.decorate('signedInByKnownToken', (request: FastifyRequest) => {
    if (request.is404 || accessLevelOf(request) === 'public') return false;
    const token = bearerToken(request);
    return token !== undefined && users.has(token);
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const level = accessLevelOf(request);
    if (level === 'public') return;
    await authenticate(app, request, users);
    // Counted per user before anything else about the request is asked of the database.
    await app.limitUser(request, reply);
    if (request.user.client) {
      await admitClient(app, request, level, request.user.client);
      return;
    }
    if (level === 'admin') {
      if (!request.user.roles.includes(ADMIN_ROLE)) throw accessDenied();
      return;
    }
    if (level === 'terms') await requireAcceptedTerms(app, request, passed);
    if (level === 'organisation' || level === 'feed') await selectOrganisation(app, request, passed);
  });
}
