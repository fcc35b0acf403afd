import { OidcClientConfig } from '@fast/contracts';
import type { App } from '../app-types.ts';
import { SPA_REDIRECT_PATH } from '../idp/provider.ts';
import { errorResponses } from './schemas.ts';

/** GET /config: what the SPA needs to start its OIDC client. */
export default async function oidcConfigRoute(app: App) {
  app.get(
    '/config',
    { config: { access: 'public' }, schema: { tags: ['config'], response: { 200: OidcClientConfig, ...errorResponses } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return {
        authority: app.config.oidc.issuer,
        clientId: app.config.oidc.clientId,
        scope: app.config.oidc.scope,
        redirectPath: SPA_REDIRECT_PATH,
        postLogoutRedirectPath: '/',
      };
    },
  );
}
