import { MAX_BODY_BYTES, REQUEST_TIMEOUT_MS } from '@fast/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { createLocalJWKSet } from 'jose';
import type Provider from 'oidc-provider';
import type { App } from './app-types.ts';
import type { Config } from './config.ts';
import { createChangeNotifier } from './db/change-notifications.ts';
import { type Db, poolOf, withPlugin } from './db/database.ts';
import { createReadDatabase } from './db/replica.ts';
import { identityProviderPlugin } from './idp/idp-plugin.ts';
import { loadIdpSecrets, publicJwk } from './idp/idp-state.ts';
import { createIdentityProvider, IDP_PREFIX } from './idp/provider.ts';
import { loggerOptions } from './logger.ts';
import { forgetHazardCards } from './modules/hazard/facility-hazards.ts';
import { createTokenVerifier, discoveredKeys } from './modules/identity/token-verifier.ts';
import { altinnReportees } from './modules/reportees/altinn-reportees.ts';
import { localReportees } from './modules/reportees/local-reportees.ts';
import { createSearchResultCache } from './modules/search/search-cache.ts';
import { registerAccessControl } from './plugins/access.ts';
import { registerAccessLog } from './plugins/access-log.ts';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors.ts';
import { registerInputHygiene } from './plugins/input.ts';
import { createMetrics, type Metrics, registerMetrics, serveMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import analyticsRoutes from './routes/analytics.ts';
import frontendConfigRoute from './routes/api/frontend-config.ts';
import apiV1 from './routes/api/v1/index.ts';
import oidcConfigRoute from './routes/config.ts';
import healthRoutes from './routes/health.ts';
import ogcRoutes from './routes/ogc/index.ts';

export interface AppDependencies {
  db: Db;
  /** The process logger; tests leave it out and get one at the configured level. */
  logger?: FastifyBaseLogger;
}

/**
 * The primary (app.db), the read route (app.readDb: the replica while usable), both timed for the
 * metrics, and the change notifications between server processes on the same database.
 */
function decorateDatabases(app: App, config: Config, db: Db, metrics: Metrics): { sharedDatabase: boolean } {
  app.decorate('db', withPlugin(db, metrics.timing('primary')));
  const read = createReadDatabase(db, config.readReplica?.url ?? null, {
    maxLagSeconds: config.readReplica?.maxLagSeconds ?? 0,
    log: app.log,
  });
  app.decorate('readDb', read.db === db ? app.db : withPlugin(read.db, metrics.timing('read')));
  app.decorate('replicaState', read.replica);
  // Not with a replica: its answers may be older than the version read beside them (search-cache.ts).
  app.decorate(
    'searchCache',
    read.db === db && config.searchCacheBytes > 0 ? createSearchResultCache(config.searchCacheBytes) : null,
  );
  const pool = poolOf(db);
  if (pool) metrics.watchPool('primary', pool);
  if (read.pool) metrics.watchPool('replica', read.pool);
  const changes = createChangeNotifier(db, app.log);
  app.decorate('changes', changes);
  // A load or rollback of the ERG tables or ADR Table A in any process: every card and figure is read again.
  changes.subscribe('hazard-cards', forgetHazardCards);
  app.addHook('onClose', async () => {
    await Promise.all([changes.close(), read.close()]);
  });
  // PostgreSQL may be shared by several server processes; PGlite belongs to this one.
  return { sharedDatabase: pool !== null };
}

/** Builds the whole server without listening: `server.ts` listens, tests use `app.inject`. */
export async function buildApp(config: Config, { db, logger }: AppDependencies): Promise<App> {
  // Known once registerSecurity has run; Fastify's own refusals (below) answer with them too.
  let headers: Readonly<Record<string, string>> = {};
  let log: FastifyBaseLogger | null = logger ?? null;
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: loggerOptions(config) }),
    bodyLimit: MAX_BODY_BYTES,
    handlerTimeout: REQUEST_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    requestIdHeader: 'x-request-id',
    // X-Forwarded-For and -Host only from the configured proxies: anyone else could pick their address (and their rate limit).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Closing is answered by plugins/security.ts, with the error body.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError(() => headers),
    clientErrorHandler: answerClientError(
      () => headers,
      () => log,
    ),
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  log = app.log;
  app.decorate('config', config);
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  const { sharedDatabase } = decorateDatabases(app, config, db, metrics);
  registerMetrics(app, metrics);
  if (config.metricsPort !== null) await serveMetrics(app, metrics.registry, config.metricsPort, config.host);
  app.decorate('reportees', config.reportees.provider === 'altinn' ? altinnReportees(db, config.reportees) : localReportees(db));

  // Cross-cutting hooks and handlers first: a plugin context inherits only what exists when it is created.
  await registerSecurity(app, config, { sharedRateLimit: sharedDatabase });
  headers = app.securityHeaders;
  registerAccessControl(app);
  registerAccessLog(app);
  registerInputHygiene(app);
  registerErrorHandling(app, await registerWeb(app, config.webDist, config.publicUrl));

  if (config.oidc.externalIssuer) {
    app.decorate(
      'tokenVerifier',
      createTokenVerifier({
        issuer: config.oidc.issuer,
        audience: config.oidc.audience,
        keys: discoveredKeys(config.oidc.issuer),
      }),
    );
  } else {
    if (config.env === 'production') throw new Error('The development identity provider is refused in production');
    const secrets = await loadIdpSecrets(db);
    let made: Promise<Provider> | null = null;
    const provider = () =>
      (made ??= createIdentityProvider(config, db, secrets).then((p) =>
        p.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'identity provider error')),
      ));
    app.decorate(
      'tokenVerifier',
      createTokenVerifier({
        issuer: config.oidc.issuer,
        audience: config.oidc.audience,
        keys: createLocalJWKSet({ keys: [publicJwk(secrets)] }),
      }),
    );
    await app.register(identityProviderPlugin, { prefix: IDP_PREFIX, provider });
  }

  await registerOpenApi(app);
  await app.register(healthRoutes);
  await app.register(oidcConfigRoute);
  await app.register(frontendConfigRoute);
  await app.register(analyticsRoutes);
  await app.register(apiV1, { prefix: '/api/v1' });
  await app.register(ogcRoutes, { prefix: '/ogc' });
  return app;
}
