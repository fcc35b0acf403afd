import type { App } from '../../../../app-types.ts';
import accessLogRoutes from './access-log.ts';
import accessRequestRoutes from './access-requests.ts';
import apiClientRoutes from './api-clients.ts';
import auditLogRoutes from './audit-log.ts';
import importRoutes from './imports.ts';
import referenceLayerRoutes from './reference-layers.ts';
import statusMessageAdminRoutes from './status-messages.ts';
import termsAdminRoutes from './terms.ts';

/**
 * The authority's console under /api/v1/admin. Every route states `access: 'admin'` (the access
 * hook then requires the realm role fast-admin); a route here that states anything else stops the
 * server from starting, so a forgotten line can never open the console.
 */
export default async function adminRoutes(app: App) {
  app.addHook('onRoute', (route) => {
    if (route.config?.access !== 'admin') {
      throw new Error(`${route.method} ${route.url} must state config.access 'admin'`);
    }
  });
  await app.register(accessRequestRoutes);
  await app.register(statusMessageAdminRoutes);
  await app.register(termsAdminRoutes);
  await app.register(accessLogRoutes);
  await app.register(auditLogRoutes);
  await app.register(importRoutes);
  await app.register(referenceLayerRoutes);
  await app.register(apiClientRoutes);
}
