import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: expect.stringMatching(/data\/pglite$/) });
    expect(config.oidc).toMatchObject({ externalIssuer: null, issuer: 'http://localhost:8080/idp', clientId: 'fast-web' });
    expect(config.demoData).toBe(true);
  });

  it('uses PostgreSQL and an external issuer when configured, and treats empty values as unset', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://fast@db/fast',
      OIDC_ISSUER: 'https://login.example.no/realms/fast',
      PORT: '',
      NODE_ENV: 'production',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://fast@db/fast' });
    expect(config.oidc.issuer).toBe('https://login.example.no/realms/fast');
    expect(config.port).toBe(8080);
    expect(config.demoData).toBe(false);
  });

  it('trusts forwarded headers from no one by default, and from the addresses and ranges of TRUST_PROXY only', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.10,loopback,2001:db8::/32' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.10',
      'loopback',
      '2001:db8::/32',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.example.no', '10.0.0.1/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads a replica, its lag bound and the metrics port; a replica needs its primary, metrics their own port', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://fast@primary/fast',
      DATABASE_REPLICA_URL: 'postgres://fast@replica/fast',
      METRICS_PORT: '9464',
    });
    expect(config.readReplica).toEqual({ url: 'postgres://fast@replica/fast', maxLagSeconds: 5 });
    expect(config.metricsPort).toBe(9464);
    expect(loadConfig({}).readReplica).toBeNull();
    expect(loadConfig({}).metricsPort).toBeNull();
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://fast@replica/fast' })).toThrow(/DATABASE_REPLICA_URL/);
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow(/METRICS_PORT/);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('LOG_LEVEL');
    }
  });

  it('refuses production without an external identity provider', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/OIDC_ISSUER/);
  });

  it('needs ALTINN_URL for the Altinn reportee provider', () => {
    expect(() => loadConfig({ REPORTEES_PROVIDER: 'altinn' })).toThrow(/ALTINN_URL/);
  });

  it('needs ANALYTICS_HOST when ANALYTICS_DOMAIN is set, since the page would load a script nothing serves', () => {
    expect(() => loadConfig({ ANALYTICS_DOMAIN: 'fast.dsb.no' })).toThrow(/ANALYTICS_HOST: required/);
    expect(loadConfig({ ANALYTICS_DOMAIN: 'fast.dsb.no', ANALYTICS_HOST: 'https://plausible.example.no' }).analytics).toEqual({
      domain: 'fast.dsb.no',
      host: 'https://plausible.example.no',
    });
  });
});
