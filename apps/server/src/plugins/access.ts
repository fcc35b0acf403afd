import { ADMIN_ROLE, ORG_HEADER } from '@fast/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { accessDenied, unauthenticated } from '../errors.ts';
import { fullNameOf, InvalidTokenError, rolesOf } from '../modules/identity/token-verifier.ts';
import { hasAcceptedCurrentTerms } from '../modules/terms/terms.repository.ts';
import { upsertUserBySubject } from '../modules/users/user.repository.ts';

const ORG_HEADER_NAME = ORG_HEADER.toLowerCase();
const MAX_CACHED_TOKENS = 10_000;

/**
 * The user row behind a verified token, kept for the token's lifetime: names and roles cannot
 * change within one token, so the row is read (or created) once per token, not once per request.
 */
type UserCache = LRUCache<string, { id: string }>;

async function authenticate(app: FastifyInstance, request: FastifyRequest, users: UserCache) {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer ([A-Za-z0-9_.~+/=-]+)$/);
  if (!match?.[1]) throw unauthenticated();
  let claims: Awaited<ReturnType<FastifyInstance['tokenVerifier']>>;
  try {
    claims = await app.tokenVerifier(match[1]);
  } catch (error) {
    if (error instanceof InvalidTokenError) {
      request.log.info({ reason: error.message }, 'rejected bearer token');
      throw unauthenticated();
    }
    throw error;
  }
  const roles = rolesOf(claims);
  const token = match[1];
  let cached = users.get(token);
  if (!cached) {
    cached = await upsertUserBySubject(app.db, {
      subject: claims.sub,
      username: claims.preferred_username ?? null,
      givenName: claims.given_name ?? null,
      middleName: claims.middle_name ?? null,
      familyName: claims.family_name ?? null,
      roles,
    });
    const secondsLeft = (claims.exp ?? 0) - Date.now() / 1000;
    if (secondsLeft > 0) users.set(token, cached, { ttl: secondsLeft * 1000 });
  }
  const { id } = cached;
  request.user = {
    id,
    subject: claims.sub,
    username: claims.preferred_username ?? null,
    fullName: fullNameOf(claims),
    roles,
    personIdentifier: claims.pid ?? null,
  };
}

/** The organisation header must name an organisation the user may represent now. */
async function selectOrganisation(app: FastifyInstance, request: FastifyRequest) {
  const organisationNumber = request.headers[ORG_HEADER_NAME];
  if (typeof organisationNumber !== 'string' || !/^[0-9]{9}$/.test(organisationNumber)) {
    throw accessDenied(`Mangler gyldig ${ORG_HEADER}.`);
  }
  // Both are read on every request, so that a withdrawn organisation or new terms apply at once.
  const [represents, accepted] = await Promise.all([
    app.reportees.represents(request.user, organisationNumber),
    hasAcceptedCurrentTerms(app.db, request.user.id),
  ]);
  if (!represents) throw accessDenied('Du kan ikke representere denne virksomheten.');
  if (!accepted) throw accessDenied('Du må godta brukervilkårene først.');
  request.scope = { userId: request.user.id, organisationNumber };
}

/**
 * The one place that decides who may call what (DESIGN.md section 3). Each route states its level
 * in `config.access`; an API route that states none gets the data level, so forgetting it can
 * never open data. Runs in onRequest, before any body is read.
 */
export function registerAccessControl(app: FastifyInstance) {
  const users: UserCache = new LRUCache({ max: MAX_CACHED_TOKENS, ttlAutopurge: false });
  app.decorateRequest('user', null as never);
  app.decorateRequest('scope', null as never);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const isApi = request.routeOptions.url?.startsWith('/api/') ?? false;
    const level = request.routeOptions.config.access ?? (isApi ? 'organisation' : 'public');
    if (level === 'public') return;
    await authenticate(app, request, users);
    if (level === 'admin') {
      if (!request.user.roles.includes(ADMIN_ROLE)) throw accessDenied();
      return;
    }
    if (level === 'organisation') await selectOrganisation(app, request);
  });
}
