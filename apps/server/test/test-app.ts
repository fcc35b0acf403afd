import { importJWK, SignJWT } from 'jose';
import { buildApp } from '../src/app.ts';
import type { App } from '../src/app-types.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import { DEMO_ORGANISATIONS } from '../src/demo/demo-users.ts';
import { loadIdpSecrets } from '../src/idp/idp-state.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export { DEMO_ORGANISATIONS };

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  engine: TestDatabase['engine'];
  /** A valid access token for a demo user, as the development provider would issue it. */
  tokenFor(
    username: string,
    claims?: Record<string, unknown>,
    options?: { expiresIn?: string | number; audience?: string },
  ): Promise<string>;
  /** Headers of a user who has accepted the terms and represents the organisation. */
  headersFor(username: string, organisationNumber?: string): Promise<Record<string, string>>;
  acceptTerms(username: string): Promise<void>;
  close(): Promise<void>;
}

export const TEST_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:8080', WEB_DIST: '/nonexistent' };

/**
 * The whole server on a fresh test database with the demo users, for `app.inject`. `beforeReady`
 * may add test-only routes (a route at some access level) while the app still takes them.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { beforeReady?: (app: App) => void } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ seed: 'app' });
  const { db } = database;
  // With a replica, the server reads from it as in production (see test-database.ts).
  const config = loadConfig(
    { ...TEST_ENV, ...env },
    database.replicaUrl ? { readReplica: { url: database.replicaUrl, maxLagSeconds: 5 } } : {},
  );
  const app = await buildApp(config, { db });
  options.beforeReady?.(app);
  await app.ready();
  const secrets = await loadIdpSecrets(db);
  const key = await importJWK(secrets.signingKey, 'RS256');

  async function userRow(username: string) {
    return db.selectFrom('app_user').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  }

  async function tokenFor(
    username: string,
    claims: Record<string, unknown> = {},
    options: { expiresIn?: string | number; audience?: string } = {},
  ) {
    const user = await userRow(username);
    return new SignJWT({
      sub: user.subject,
      iss: config.oidc.issuer,
      aud: options.audience ?? config.oidc.audience,
      preferred_username: user.username,
      given_name: user.given_name,
      middle_name: user.middle_name ?? undefined,
      family_name: user.family_name,
      realm_access: { roles: user.roles },
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid, typ: 'at+jwt' })
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '5m')
      .sign(key);
  }

  async function acceptTerms(username: string) {
    const user = await userRow(username);
    const { version } = await db
      .selectFrom('terms_version')
      .select('version')
      .orderBy('version', 'desc')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('terms_acceptance')
      .values({ user_id: user.id, version })
      .onConflict((oc) => oc.columns(['user_id', 'version']).doNothing())
      .execute();
  }

  async function headersFor(username: string, organisationNumber?: string) {
    await acceptTerms(username);
    const headers: Record<string, string> = { authorization: `Bearer ${await tokenFor(username)}` };
    if (organisationNumber) headers['fast-org-number'] = organisationNumber;
    return headers;
  }

  return {
    app,
    db,
    config,
    engine: database.engine,
    tokenFor,
    headersFor,
    acceptTerms,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
