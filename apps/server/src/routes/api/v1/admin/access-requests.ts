import {
  AdminAccessEntryList,
  AdminAccessPage,
  AdminAccessQuery,
  AdminApproveRequest,
  AdminDenyRequest,
  AdminOrganisationList,
  AdminRevokeRequest,
} from '@fast/contracts';
import type { App } from '../../../../app-types.ts';
import { validationError } from '../../../../errors.ts';
import { presentAdminAccess, presentOrganisation } from '../../../../modules/access/access-admin.presenter.ts';
import { decideAccess, listAccessEntries } from '../../../../modules/access/access-decisions.repository.ts';
import {
  countyExists,
  municipalityExists,
  organisationExists,
  organisationsWithAccessEntries,
  userExists,
} from '../../../../modules/access/organisations.repository.ts';
import { errorResponses } from '../../../schemas.ts';
import { adminOf, pagingOf } from './admin-request.ts';

const config = { access: 'admin' } as const;
const tags = ['admin'];

export default async function accessRequestRoutes(app: App) {
  app.get(
    '/municipality-access',
    { config, schema: { tags, querystring: AdminAccessQuery, response: { 200: AdminAccessPage, ...errorResponses } } },
    async (request) => {
      const q = request.query;
      // A filter naming something that does not exist is a mistake, not an empty result.
      if (q.countyId && !(await countyExists(app.db, q.countyId))) throw validationError(`Ukjent fylkesnummer: ${q.countyId}`);
      if (q.municipalityCode && !(await municipalityExists(app.db, q.municipalityCode))) {
        throw validationError(`Ukjent kommunenummer: ${q.municipalityCode}`);
      }
      if (q.organisationNumber && !(await organisationExists(app.db, q.organisationNumber))) {
        throw validationError(`Ukjent organisasjonsnummer: ${q.organisationNumber}`);
      }
      if (q.userId && !(await userExists(app.db, q.userId))) throw validationError(`Ukjent bruker: ${q.userId}`);
      const { total, rows } = await listAccessEntries(app.db, {
        status: q.status ?? 'PENDING',
        countyId: q.countyId,
        municipalityCode: q.municipalityCode,
        organisationNumber: q.organisationNumber,
        userId: q.userId,
        minAgeDays: q.minAgeDays === undefined ? undefined : Number(q.minAgeDays),
        ...pagingOf(q),
      });
      return { total, entries: rows.map(presentAdminAccess) };
    },
  );

  app.get('/organisations', { config, schema: { tags, response: { 200: AdminOrganisationList, ...errorResponses } } }, async () =>
    (await organisationsWithAccessEntries(app.db)).map(presentOrganisation),
  );

  app.post(
    '/municipality-access/approve',
    { config, schema: { tags, body: AdminApproveRequest, response: { 200: AdminAccessEntryList, ...errorResponses } } },
    async (request) => (await decideAccess(app.db, adminOf(request), 'APPROVE', request.body.ids, null)).map(presentAdminAccess),
  );

  app.post(
    '/municipality-access/deny',
    { config, schema: { tags, body: AdminDenyRequest, response: { 200: AdminAccessEntryList, ...errorResponses } } },
    async (request) =>
      (await decideAccess(app.db, adminOf(request), 'DENY', request.body.ids, request.body.reason.trim())).map(
        presentAdminAccess,
      ),
  );

  app.post(
    '/municipality-access/revoke',
    { config, schema: { tags, body: AdminRevokeRequest, response: { 200: AdminAccessEntryList, ...errorResponses } } },
    async (request) =>
      (await decideAccess(app.db, adminOf(request), 'REVOKE', request.body.ids, request.body.reason?.trim() ?? null)).map(
        presentAdminAccess,
      ),
  );
}
