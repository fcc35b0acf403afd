import { HazardCard, SubstanceCardParams, UN_NUMBER_PATTERN } from '@fast/contracts';
import type { App } from '../../../app-types.ts';
import { ApiError, notFound } from '../../../errors.ts';
import { facilityHazards } from '../../../modules/hazard/facility-hazards.ts';
import { presentHazardCard } from '../../../modules/hazard/hazard.presenter.ts';
import { errorResponses } from '../../schemas.ts';

const UN_NUMBER = new RegExp(UN_NUMBER_PATTERN);

export default async function substanceRoutes(app: App) {
  // Reference data, not facility data: every signed-in user with accepted terms, no organisation.
  app.get(
    '/substances/:unNumber',
    {
      config: { access: 'terms' },
      schema: {
        tags: ['substances'],
        summary:
          'The hazard card of one UN number (ADR facts and the ERG guide and every distance, each with its edition, in Norwegian)',
        params: SubstanceCardParams,
        response: { 200: HazardCard, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { unNumber } = request.params;
      if (!UN_NUMBER.test(unNumber))
        throw new ApiError(400, 'VALIDATION_ERROR', 'UN-nummeret må være fire sifre, for eksempel 1005.');
      const hazard = (await facilityHazards(app.db)).get(unNumber);
      if (!hazard) throw notFound();
      // The card changes when the authority loads or rolls back the ERG tables or ADR Table A: never an old one from the browser's cache.
      reply.header('cache-control', 'private, no-cache');
      return presentHazardCard(hazard.card, hazard.figures);
    },
  );
}
