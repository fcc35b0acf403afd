import { CountyList, MunicipalityList } from '@fast/contracts';
import type { App } from '../../../app-types.ts';
import { presentCounties, presentMunicipalities } from '../../../modules/geography/geography.presenter.ts';
import { allMunicipalities, municipalitiesInScope } from '../../../modules/geography/geography.repository.ts';
import { errorResponses } from '../../schemas.ts';

export default async function geographyRoutes(app: App) {
  app.get(
    '/counties',
    {
      config: { accessLog: { none: 'facility-free' } },
      schema: { tags: ['geography'], response: { 200: CountyList, ...errorResponses } },
    },
    async (request) => presentCounties(await municipalitiesInScope(app.db, request.scope)),
  );

  // Reference data, not facility data: any signed-in user may list it to request access.
  app.get(
    '/municipalities',
    { config: { access: 'user' }, schema: { tags: ['geography'], response: { 200: MunicipalityList, ...errorResponses } } },
    async () => presentMunicipalities(await allMunicipalities(app.db)),
  );
}
