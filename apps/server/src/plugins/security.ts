import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';
import { postgresRateLimitStore } from './rate-limit-store.ts';

const LIMITED_PATHS = /^\/(api|idp|config|js|ogc)(\/|$|\?)/;

const originOf = (url: string | null) => (url ? new URL(url).origin : null);

/**
 * The headers helmet sets for these options. They depend on nothing in a request, so they are
 * worked out once here rather than per request (@fastify/helmet builds helmet anew for every
 * request: 60 µs of each facility answer).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The headers helmet sets for FAST's options (see registerSecurity), once per process. */
function securityHeaders(config: Config): Record<string, string> {
  const external = [originOf(config.mapStyleUrl), originOf(config.oidc.externalIssuer)].filter((o): o is string => o !== null);
  const https = config.publicUrl.startsWith('https://');
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Designsystemet and MapLibre set element styles; the identity provider's pages carry a <style> block.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...external],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...external],
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", ...external],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...external],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something behind TLS.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
}

/** How many addresses and users an in-memory limiter remembers (PGlite; PostgreSQL counts in its table). */
const REMEMBERED_KEYS = 100_000;

const rateLimited = (ttlMs: number) =>
  new ApiError(
    429,
    'RATE_LIMITED',
    `For mange forespørsler. Vent ${Math.max(1, Math.ceil(ttlMs / 1000))} sekunder og prøv igjen.`,
  );

/**
 * Security headers, the answers' default Cache-Control, and rate limits. The CSP allows no inline
 * script; the map's workers run from blob: URLs, and a configured tile service or external identity
 * provider is the only other origin. Every answer from /api is `no-store` unless its route says
 * otherwise (the map's versioned layers revalidate with their ETag): the data is restricted.
 *
 * Rate limits count every request to the API, sign-in and the app's configuration twice over:
 * before anything else is done with it, per address (RATE_LIMIT_PER_IP_PER_MINUTE), so that no
 * request without a valid token (none, a bad one) costs more than its count; and once its token
 * is verified, per user (RATE_LIMIT_PER_USER_PER_MINUTE), before the organisation and terms are
 * checked. An address over its limit is refused, except for requests whose token this server has
 * already verified: they are limited per user (many users may share one address behind a NAT).
 * The address is the peer's, or X-Forwarded-For's only from a proxy in TRUST_PROXY.
 */
export async function registerSecurity(app: FastifyInstance, config: Config, { sharedRateLimit }: { sharedRateLimit: boolean }) {
  const headers = securityHeaders(config);
  app.decorate('securityHeaders', headers);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  // While the server closes, a request on a connection still open is told so with the error body
  // (and the connection closed): the load balancer sends it elsewhere.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'Tjenesten starter på nytt. Prøv igjen om litt.');
  });

  const shared = sharedRateLimit ? postgresRateLimitStore(app.db) : null;
  if (shared) app.addHook('onClose', shared.sendCounts);
  await app.register(rateLimit, {
    // No route hooks: the two limiters below are called where they belong.
    global: false,
    timeWindow: 60_000,
    // On PostgreSQL several server processes may share the database, and so the counts; PGlite
    // has one process, whose memory is the natural place. A counter the database cannot
    // update lets the request through: it then fails on its own queries, as it would anyway.
    ...(shared ? { store: shared.Store, skipOnError: true } : {}),
  });
  const byAddress = app.createRateLimit({
    max: config.rateLimit.perIpPerMinute,
    keyGenerator: (request) => `ip:${request.ip}`,
    cache: REMEMBERED_KEYS,
  } as Parameters<typeof app.createRateLimit>[0]);
  const byUser = app.createRateLimit({
    max: config.rateLimit.perUserPerMinute,
    keyGenerator: (request) => `user:${request.user.id}`,
    cache: REMEMBERED_KEYS,
  } as Parameters<typeof app.createRateLimit>[0]);

  const refuse = (reply: FastifyReply, ttlMs: number, kind: 'user' | 'address') => {
    app.metrics.rateLimited.inc({ kind });
    reply.header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))));
    return rateLimited(ttlMs);
  };

  // Before sign-in, before a token is verified or the database asked: every request of an address
  // counts but those whose token this server has verified (limited per user), so that many users
  // behind one address (a 110 centre's NAT) do not use up the budget of the app's /config and /js.
  app.addHook('onRequest', async (request, reply) => {
    if (!LIMITED_PATHS.test(request.url) || app.signedInByKnownToken(request)) return;
    const result = await byAddress(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw refuse(reply, result.ttl, 'address');
  });

  app.decorate('limitUser', async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await byUser(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw refuse(reply, result.ttl, 'user');
  });
}
