import { ADMIN_ROLE, ORG_HEADER } from '@fast/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AccessLevel } from '../app-types.ts';
import { accessDenied, unauthenticated } from '../errors.ts';
import type { AuthenticatedUser } from '../modules/identity/identity.ts';
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
 * not once per request; the cache entry ends when the token expires.
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
    const roles = rolesOf(claims, app.config.oidc.clientId);
    const { id } = await upsertUserBySubject(app.db, {
      subject: claims.sub,
      username: claims.preferred_username ?? null,
      givenName: claims.given_name ?? null,
      middleName: claims.middle_name ?? null,
      familyName: claims.family_name ?? null,
      roles,
    });
    cached = {
      id,
      subject: claims.sub,
      username: claims.preferred_username ?? null,
      fullName: fullNameOf(claims),
      roles,
      personIdentifier: claims.pid ?? null,
    };
    const secondsLeft = (claims.exp ?? 0) - Date.now() / 1000;
    if (secondsLeft > 0) users.set(token, cached, { ttl: secondsLeft * 1000 });
  }
  request.user = cached;
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
    if (level === 'admin') {
      if (!request.user.roles.includes(ADMIN_ROLE)) throw accessDenied();
      return;
    }
    if (level === 'terms') await requireAcceptedTerms(app, request, passed);
    if (level === 'organisation') await selectOrganisation(app, request, passed);
  });
}
