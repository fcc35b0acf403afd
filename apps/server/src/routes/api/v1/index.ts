import type { App } from '../../../app-types.ts';
import adminRoutes from './admin/index.ts';
import facilityRoutes from './facilities.ts';
import geographyRoutes from './geography.ts';
import mapRoutes from './map.ts';
import municipalityAccessRoutes from './municipality-access.ts';
import nearbyRoutes from './nearby.ts';
import placeRoutes from './places.ts';
import protectiveZoneRoutes from './protective-zones.ts';
import reporteeRoutes from './reportees.ts';
import searchRoutes from './search.ts';
import statusMessageRoutes from './status-messages.ts';
import substanceRoutes from './substances.ts';
import termsRoutes from './terms.ts';
import vulnerableObjectRoutes from './vulnerable-objects.ts';
import weatherRoutes from './weather.ts';

/** Every /api/v1 route module; each states its access level (default: organisation + terms). */
export default async function apiV1(app: App) {
  await app.register(reporteeRoutes);
  await app.register(termsRoutes);
  await app.register(statusMessageRoutes);
  await app.register(geographyRoutes);
  await app.register(municipalityAccessRoutes);
  await app.register(mapRoutes);
  await app.register(searchRoutes);
  await app.register(nearbyRoutes);
  await app.register(placeRoutes);
  await app.register(facilityRoutes);
  await app.register(substanceRoutes);
  await app.register(protectiveZoneRoutes);
  await app.register(vulnerableObjectRoutes);
  await app.register(weatherRoutes);
  await app.register(adminRoutes, { prefix: '/admin' });
}
