import { MunicipalityAccessList, MunicipalityAccessRequest } from '@fast/contracts';
import type { App } from '../../../app-types.ts';
import { validationError } from '../../../errors.ts';
import { presentAccessEntry } from '../../../modules/access/municipality-access.presenter.ts';
import { listAccess, requestAccess, unknownMunicipalityCodes } from '../../../modules/access/municipality-access.repository.ts';
import { errorResponses } from '../../schemas.ts';

export default async function municipalityAccessRoutes(app: App) {
  app.get(
    '/municipality-access',
    {
      config: { accessLog: { none: 'facility-free' } },
      schema: { tags: ['access'], response: { 200: MunicipalityAccessList, ...errorResponses } },
    },
    async (request) => (await listAccess(app.db, request.scope)).map(presentAccessEntry),
  );

  app.post(
    '/municipality-access',
    {
      config: { accessLog: { none: 'facility-free' } },
      schema: {
        tags: ['access'],
        body: MunicipalityAccessRequest,
        response: { 200: MunicipalityAccessList, ...errorResponses },
      },
    },
    async (request) => {
      const unknown = await unknownMunicipalityCodes(app.db, request.body.municipalityCodes);
      if (unknown.length > 0) throw validationError(`Ukjente kommunenummer: ${unknown.join(', ')}`);
      return (await requestAccess(app.db, request.scope, request.body.municipalityCodes)).map(presentAccessEntry);
    },
  );
}
