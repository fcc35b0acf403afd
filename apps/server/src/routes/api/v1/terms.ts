import { TermsAcceptRequest, TermsCurrent, TermsStatus } from '@fast/contracts';
import type { App } from '../../../app-types.ts';
import { validationError } from '../../../errors.ts';
import { presentCurrentTerms, presentTermsStatus } from '../../../modules/terms/terms.presenter.ts';
import { acceptTerms, currentTerms, hasAcceptedTerms } from '../../../modules/terms/terms.repository.ts';
import { errorResponses } from '../../schemas.ts';

export default async function termsRoutes(app: App) {
  app.get(
    '/terms/current',
    { config: { access: 'user' }, schema: { tags: ['terms'], response: { 200: TermsCurrent, ...errorResponses } } },
    async () => presentCurrentTerms(await currentTerms(app.db)),
  );

  app.get(
    '/terms/accepted',
    { config: { access: 'user' }, schema: { tags: ['terms'], response: { 200: TermsStatus, ...errorResponses } } },
    async (request) => {
      const { version } = await currentTerms(app.db);
      return presentTermsStatus(await hasAcceptedTerms(app.db, request.user.id, version));
    },
  );

  app.post(
    '/terms/accept',
    {
      config: { access: 'user' },
      schema: { tags: ['terms'], body: TermsAcceptRequest, response: { 200: TermsStatus, ...errorResponses } },
      // No body at all accepts the current version, as an empty one does.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { version } = await currentTerms(app.db);
      // Accepting an older text than the current one does not count: the user must read the new one.
      if (request.body?.version !== undefined && request.body.version !== version) {
        throw validationError(`Brukervilkårene er oppdatert til versjon ${version}. Les dem og godta på nytt.`);
      }
      await acceptTerms(app.db, request.user.id, version);
      return presentTermsStatus(true);
    },
  );
}
