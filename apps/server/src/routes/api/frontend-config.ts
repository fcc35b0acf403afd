import { FrontendConfig } from '@fast/contracts';
import type { App } from '../../app-types.ts';
import { errorResponses } from '../schemas.ts';

/** GET /api/frontend/config: public facts for the footer, analytics and map. */
export default async function frontendConfigRoute(app: App) {
  app.get(
    '/api/frontend/config',
    { config: { access: 'public' }, schema: { tags: ['config'], response: { 200: FrontendConfig, ...errorResponses } } },
    async () => ({
      environment: app.config.environmentName,
      analyticsDomain: app.config.analytics?.domain ?? null,
      contact: app.config.contact,
      mapStyleUrl: app.config.mapStyleUrl,
    }),
  );
}
