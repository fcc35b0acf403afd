import type { Configuration, KoaContextWithOIDC, default as Provider } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { findLocalAccount } from '../modules/users/user.repository.ts';
import { verifyHashedClientSecrets } from './api-clients.ts';
import { databaseAdapter } from './idp-adapter.ts';
import type { IdpSecrets } from './idp-state.ts';
import { errorPage, loggedOutPage, logoutPage } from './pages.ts';

export const IDP_PREFIX = '/idp';
export const SPA_REDIRECT_PATH = '/auth/callback';
export const AUTO_LOGOUT_PATH = '/assets/auto-logout.js';
const API_SCOPE = 'api';

/**
 * The development OpenID Connect provider: code flow with PKCE for the SPA, refresh tokens,
 * RS256 JWT access tokens shaped like Keycloak's (realm and resource roles). Accounts are the
 * users with a password in this database. The API clients registered in the console get tokens by
 * client credentials: the same audience, `sub` and `client_id` the client's id, no user claims.
 */
export async function createIdentityProvider(config: Config, db: Db, secrets: IdpSecrets): Promise<Provider> {
  // Loaded here, not with the server: oidc-provider and its own dependencies are ~35 MB resident.
  const { default: OidcProvider } = await import('oidc-provider');
  const { clientId, audience, issuer } = config.oidc;
  // A resource indicator must be an absolute URI; the token's audience is the configured name.
  const apiResource = `${config.publicUrl}/api`;

  async function namesOf(accountId: string) {
    const account = await findLocalAccount(db, { subject: accountId });
    if (!account) return null;
    return {
      account,
      claims: {
        preferred_username: account.username,
        given_name: account.givenName ?? undefined,
        middle_name: account.middleName ?? undefined,
        family_name: account.familyName ?? undefined,
        name: [account.givenName, account.middleName, account.familyName].filter(Boolean).join(' '),
      },
    };
  }

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'FAST',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${config.publicUrl}${SPA_REDIRECT_PATH}`],
        post_logout_redirect_uris: [`${config.publicUrl}/`],
      },
    ],
    jwks: { keys: [secrets.signingKey as never] },
    cookies: { keys: secrets.cookieKeys },
    scopes: ['openid', 'profile', 'offline_access', API_SCOPE],
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'given_name', 'middle_name', 'family_name', 'name'],
    },
    async findAccount(_ctx, sub) {
      const found = await namesOf(sub);
      if (!found) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...found.claims }) };
    },
    interactions: { url: (_ctx, interaction) => `${IDP_PREFIX}/interaction/${interaction.uid}` },
    // FAST is the provider's only client and first-party: the user is never asked to consent.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid profile offline_access');
      grant.addOIDCClaims(['preferred_username', 'given_name', 'middle_name', 'family_name', 'name']);
      grant.addResourceScope(apiResource, API_SCOPE);
      await grant.save();
      return grant;
    },
    // The SPA needs refresh tokens without the consent prompt that offline_access would demand.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !('accountId' in token) || typeof token.accountId !== 'string') return undefined;
      const found = await namesOf(token.accountId);
      if (!found) return undefined;
      return {
        ...found.claims,
        realm_access: { roles: found.account.roles },
        resource_access: { [clientId]: { roles: found.account.roles } },
      };
    },
    features: {
      devInteractions: { enabled: false },
      // Machine clients of the OGC feed (issue 38): the clients registered in the console.
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form, `${IDP_PREFIX}${AUTO_LOGOUT_PATH}`);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = loggedOutPage();
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => apiResource,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: API_SCOPE,
          audience,
          accessTokenTTL: 15 * 60,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 15 * 60,
      ClientCredentials: 15 * 60,
      AuthorizationCode: 60,
      IdToken: 15 * 60,
      Interaction: 60 * 60,
      Session: 24 * 60 * 60,
      Grant: 24 * 60 * 60,
      RefreshToken: 24 * 60 * 60,
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error_description ?? out.error));
    },
  };
  const provider = new OidcProvider(issuer, configuration);
  provider.proxy = true;
  verifyHashedClientSecrets(provider);
  return provider;
}
