import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** Every environment variable the server reads; README.md documents each. */
const Env = Type.Object({
  NODE_ENV: Type.Enum(['development', 'production', 'test'], { default: 'development' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0' }),
  TRUST_PROXY: Type.Optional(Type.String()),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+$' })),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATABASE_REPLICA_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  REPLICA_MAX_LAG_SECONDS: Type.Number({ exclusiveMinimum: 0, default: 5 }),
  METRICS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  DATA_DIR: Type.String({ minLength: 1, default: join(REPO_ROOT, 'data') }),
  WEB_DIST: Type.String({ minLength: 1, default: join(REPO_ROOT, 'apps/web/dist') }),
  OIDC_ISSUER: Type.Optional(Type.String({ pattern: '^https?://' })),
  OIDC_CLIENT_ID: Type.String({ minLength: 1, default: 'fast-web' }),
  OIDC_AUDIENCE: Type.String({ minLength: 1, default: 'fast-api' }),
  OIDC_SCOPE: Type.String({ minLength: 1, default: 'openid profile offline_access' }),
  REPORTEES_PROVIDER: Type.Enum(['local', 'altinn'], { default: 'local' }),
  ALTINN_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  ALTINN_SUBSCRIPTION_KEY: Type.Optional(Type.String()),
  DEMO_DATA: Type.Enum(['auto', 'off'], { default: 'auto' }),
  ENVIRONMENT_NAME: Type.String({ minLength: 1, default: 'development' }),
  ANALYTICS_DOMAIN: Type.Optional(Type.String({ minLength: 1 })),
  ANALYTICS_HOST: Type.Optional(Type.String({ pattern: '^https?://' })),
  MAP_STYLE_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  GEOCODER_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  GEOCODER_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 30_000, default: 2_000 }),
  WEATHER_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  WEATHER_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 30_000, default: 2_000 }),
  WEATHER_USER_AGENT: Type.Optional(Type.String({ minLength: 1, pattern: '^[\\x20-\\x7E]+$' })),
  RATE_LIMIT_PER_USER_PER_MINUTE: Type.Integer({ minimum: 1, default: 1200 }),
  RATE_LIMIT_PER_IP_PER_MINUTE: Type.Integer({ minimum: 1, default: 600 }),
  SEARCH_CACHE_MB: Type.Integer({ minimum: 0, maximum: 4096, default: 16 }),
  CONTACT_NAME: Type.String({ default: 'Direktoratet for samfunnssikkerhet og beredskap' }),
  CONTACT_POSTAL_ADDRESS: Type.String({ default: 'Postboks 2014, 3103 Tønsberg' }),
  CONTACT_PHONE: Type.String({ pattern: '^[0-9]{8}$', default: '33412500' }),
  CONTACT_EMAIL: Type.String({ default: 'postmottak@dsb.no' }),
  CONTACT_ORGANISATION_NUMBER: Type.String({ pattern: '^[0-9]{9}$', default: '974760983' }),
});
type Env = Static<typeof Env>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /**
   * The proxies (addresses, CIDR ranges, or loopback/linklocal/uniquelocal) whose X-Forwarded-For
   * and X-Forwarded-Host are believed; empty: none, the peer's address is the client's.
   */
  trustProxy: string[];
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };
  /** A streaming replica of the PostgreSQL primary for the reads that may be a moment behind (db/replica.ts). */
  readReplica: { url: string; maxLagSeconds: number } | null;
  /** The port of the Prometheus metrics endpoint; null: metrics are not served. */
  metricsPort: number | null;
  webDist: string;
  oidc: {
    /** Null: the server mounts its development identity provider at /idp. */
    externalIssuer: string | null;
    issuer: string;
    clientId: string;
    audience: string;
    scope: string;
  };
  reportees: { provider: 'local' } | { provider: 'altinn'; url: string; subscriptionKey: string | null };
  demoData: boolean;
  environmentName: string;
  analytics: { domain: string; host: string } | null;
  mapStyleUrl: string | null;
  /** Kartverket's address API for the place lookup; null: offline addresses only. */
  geocoder: { url: string; timeoutMs: number } | null;
  /** MET Norway's Locationforecast (compact) for the protective zones' wind; null: the user enters the wind. */
  weather: { url: string; timeoutMs: number; userAgent: string } | null;
  rateLimit: { perUserPerMinute: number; perIpPerMinute: number };
  /** The search list's answer cache in bytes (modules/search/search-cache.ts); 0: none. */
  searchCacheBytes: number;
  contact: { name: string; postalAddress: string; phone: string; email: string; organizationNumber: string };
}

export class ConfigError extends Error {}

const EMPTY_AS_UNSET = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([key, value]) => key in Env.properties && value !== ''));

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY as a list: each an IP address, a CIDR range or one of proxy-addr's names; anything else is refused. */
function trustedProxies(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const bad = entries.filter((entry) => {
    if (PROXY_NAMES.has(entry)) return false;
    const [address = '', bits, ...rest] = entry.split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return true;
    if (bits === undefined) return false;
    const prefix = Number(bits);
    return !/^[0-9]{1,3}$/.test(bits) || prefix > (version === 4 ? 32 : 128);
  });
  if (bad.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: not an address, CIDR range or loopback/linklocal/uniquelocal: ${bad.join(', ')}`,
    );
  }
  return entries;
}

/** Reads and validates the environment once; throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const raw = Value.Convert(Env, Value.Default(Env, EMPTY_AS_UNSET(source)));
  const errors = [...Value.Errors(Env, raw)];
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.instancePath.slice(1) || '(environment)'}: ${e.message}`);
    throw new ConfigError(`Invalid configuration:\n${[...new Set(lines)].join('\n')}`);
  }
  const env = raw as Env;
  if (env.REPORTEES_PROVIDER === 'altinn' && !env.ALTINN_URL) {
    throw new ConfigError('Invalid configuration:\n  ALTINN_URL: required when REPORTEES_PROVIDER=altinn');
  }
  // Without a host the page would load /js/script.js, which nothing answers.
  if (env.ANALYTICS_DOMAIN && !env.ANALYTICS_HOST) {
    throw new ConfigError('Invalid configuration:\n  ANALYTICS_HOST: required when ANALYTICS_DOMAIN is set');
  }
  if (env.NODE_ENV === 'production' && !env.OIDC_ISSUER) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER: required in production (the development identity provider is refused there)',
    );
  }
  if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_REPLICA_URL: a replica needs DATABASE_URL, its primary');
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT && env.PORT !== 0) {
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (metrics are never served on the public port)',
    );
  }
  const trustProxy = trustedProxies(env.TRUST_PROXY);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const config: Config = {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    trustProxy,
    publicUrl,
    logLevel: env.LOG_LEVEL,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: join(env.DATA_DIR, 'pglite') },
    readReplica: env.DATABASE_REPLICA_URL ? { url: env.DATABASE_REPLICA_URL, maxLagSeconds: env.REPLICA_MAX_LAG_SECONDS } : null,
    metricsPort: env.METRICS_PORT ?? null,
    webDist: env.WEB_DIST,
    oidc: {
      externalIssuer: env.OIDC_ISSUER ?? null,
      issuer: env.OIDC_ISSUER ?? `${publicUrl}/idp`,
      clientId: env.OIDC_CLIENT_ID,
      audience: env.OIDC_AUDIENCE,
      scope: env.OIDC_SCOPE,
    },
    reportees:
      env.REPORTEES_PROVIDER === 'altinn' && env.ALTINN_URL
        ? { provider: 'altinn', url: env.ALTINN_URL, subscriptionKey: env.ALTINN_SUBSCRIPTION_KEY ?? null }
        : { provider: 'local' },
    demoData: env.DEMO_DATA === 'auto' && env.NODE_ENV !== 'production',
    environmentName: env.ENVIRONMENT_NAME,
    analytics: env.ANALYTICS_DOMAIN && env.ANALYTICS_HOST ? { domain: env.ANALYTICS_DOMAIN, host: env.ANALYTICS_HOST } : null,
    mapStyleUrl: env.MAP_STYLE_URL ?? null,
    geocoder: env.GEOCODER_URL ? { url: env.GEOCODER_URL, timeoutMs: env.GEOCODER_TIMEOUT_MS } : null,
    weather: env.WEATHER_URL
      ? {
          url: env.WEATHER_URL,
          timeoutMs: env.WEATHER_TIMEOUT_MS,
          // MET Norway refuses requests without an identifying User-Agent with a way to reach the owner.
          userAgent: env.WEATHER_USER_AGENT ?? `FAST (+${publicUrl}; ${env.CONTACT_EMAIL})`,
        }
      : null,
    rateLimit: { perUserPerMinute: env.RATE_LIMIT_PER_USER_PER_MINUTE, perIpPerMinute: env.RATE_LIMIT_PER_IP_PER_MINUTE },
    searchCacheBytes: env.SEARCH_CACHE_MB * 1024 * 1024,
    contact: {
      name: env.CONTACT_NAME,
      postalAddress: env.CONTACT_POSTAL_ADDRESS,
      phone: env.CONTACT_PHONE,
      email: env.CONTACT_EMAIL,
      organizationNumber: env.CONTACT_ORGANISATION_NUMBER,
    },
  };
  return { ...config, ...overrides };
}
