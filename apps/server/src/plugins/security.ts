import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';
import { postgresRateLimitStore } from './rate-limit-store.ts';

const LIMITED_PATHS = /^\/(api|idp|config|js)(\/|$|\?)/;

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

/**
 * Security headers and rate limits (per user after sign-in, else per address, per minute). The CSP allows no inline script; the map's workers run from
 * blob: URLs, and a configured tile service or external identity provider is the only other origin.
 */
export async function registerSecurity(app: FastifyInstance, config: Config, { sharedRateLimit }: { sharedRateLimit: boolean }) {
  const external = [originOf(config.mapStyleUrl), originOf(config.oidc.externalIssuer)].filter((o): o is string => o !== null);
  const https = config.publicUrl.startsWith('https://');
  const headers = helmetHeaders({
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
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });

  const shared = sharedRateLimit ? postgresRateLimitStore(app.db) : null;
  if (shared) app.addHook('onClose', shared.sendCounts);
  await app.register(rateLimit, {
    global: true,
    // After sign-in, so that a signed-in user is limited as a user and everyone else by address.
    hook: 'preHandler',
    max: (request) => (request.user ? config.rateLimit.perUserPerMinute : config.rateLimit.perIpPerMinute),
    timeWindow: 60_000,
    keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
    // On PostgreSQL several server processes may share the database, and so the counts; PGlite
    // has one process, whose memory is the natural place. A counter the database cannot
    // update lets the request through: it then fails on its own queries, as it would anyway.
    ...(shared ? { store: shared.Store, skipOnError: true } : {}),
    onExceeded: (request) => app.metrics.rateLimited.inc({ kind: request.user ? 'user' : 'address' }),
    // The app's static files and the health checks are not limited; the API and sign-in are.
    allowList: (request) => !LIMITED_PATHS.test(request.url),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'RATE_LIMITED', `For mange forespørsler. Vent ${Math.ceil(context.ttl / 1000)} sekunder og prøv igjen.`),
  });
}
