import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';

const LIMITED_PATHS = /^\/(api|idp|config|js)(\/|$|\?)/;

const originOf = (url: string | null) => (url ? new URL(url).origin : null);

/**
 * Security headers and rate limits. The CSP allows no inline script; the map's workers run from
 * blob: URLs, and a configured tile service or external identity provider is the only other origin.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const external = [originOf(config.mapStyleUrl), originOf(config.oidc.externalIssuer)].filter((o): o is string => o !== null);
  const https = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
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

  await app.register(rateLimit, {
    global: true,
    // After sign-in, so that a signed-in user is limited as a user and everyone else by address.
    hook: 'preHandler',
    max: (request) => (request.user ? config.rateLimit.perUserPerMinute : config.rateLimit.perIpPerMinute),
    timeWindow: 60_000,
    keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
    // The app's static files and the health checks are not limited; the API and sign-in are.
    allowList: (request) => !LIMITED_PATHS.test(request.url),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'RATE_LIMITED', `For mange forespørsler. Vent ${Math.ceil(context.ttl / 1000)} sekunder og prøv igjen.`),
  });
}
