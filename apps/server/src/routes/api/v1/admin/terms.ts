import { AdminTermsPublishRequest, AdminTermsVersion, AdminTermsVersionList } from '@fast/contracts';
import type { App } from '../../../../app-types.ts';
import { presentTermsVersion } from '../../../../modules/terms/terms.presenter.ts';
import { listTermsVersions, publishTerms } from '../../../../modules/terms/terms-admin.repository.ts';
import { errorResponses } from '../../../schemas.ts';
import { adminOf } from './admin-request.ts';

const config = { access: 'admin' } as const;
const tags = ['admin'];

export default async function termsAdminRoutes(app: App) {
  app.get('/terms', { config, schema: { tags, response: { 200: AdminTermsVersionList, ...errorResponses } } }, async () =>
    (await listTermsVersions(app.db)).map(presentTermsVersion),
  );

  app.post(
    '/terms',
    { config, schema: { tags, body: AdminTermsPublishRequest, response: { 201: AdminTermsVersion, ...errorResponses } } },
    async (request, reply) => {
      const { text, basedOnVersion } = request.body;
      const published = await publishTerms(app.db, adminOf(request), text, basedOnVersion);
      await app.forgetAccessChecks();
      return reply.code(201).send(presentTermsVersion(published));
    },
  );
}
