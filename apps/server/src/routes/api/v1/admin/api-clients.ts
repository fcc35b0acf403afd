import { API_CLIENT_MAX_LIFETIME_DAYS, ApiClient, ApiClientInput, ApiClientParams, ApiClientWithSecret } from '@fast/contracts';
import { Type } from 'typebox';
import type { App } from '../../../../app-types.ts';
import { validationError } from '../../../../errors.ts';
import { presentApiClient } from '../../../../modules/api-clients/api-client.presenter.ts';
import { hashApiClientSecret, newApiClientId, newApiClientSecret } from '../../../../modules/api-clients/api-client-secret.ts';
import {
  listApiClients,
  registerApiClient,
  revokeApiClient,
  rotateApiClientSecret,
} from '../../../../modules/api-clients/api-clients.repository.ts';
import { errorResponses } from '../../../schemas.ts';
import { adminOf } from './admin-request.ts';

// Clients and their organisations, no facility's: nothing for the access log; the audit trail has every change.
const config = { access: 'admin', accessLog: { none: 'facility-free' } } as const;
const tags = ['admin'];
const DAY_MS = 24 * 60 * 60 * 1000;

function expiryOf(expiresAt: string, now = Date.now()): Date {
  const expiry = new Date(expiresAt);
  if (expiry.getTime() <= now) throw validationError('Utløpstidspunktet må være fram i tid.');
  if (expiry.getTime() > now + API_CLIENT_MAX_LIFETIME_DAYS * DAY_MS) {
    throw validationError(`Utløpstidspunktet kan være høyst ${API_CLIENT_MAX_LIFETIME_DAYS} dager fram i tid.`);
  }
  return expiry;
}

/**
 * Machine clients of the OGC feed (issue 38; contracts api-clients.ts): registered for one
 * organisation, their secret answered once (FAST keeps its hash only), rotated, revoked.
 */
export default async function apiClientRoutes(app: App) {
  app.get(
    '/api-clients',
    {
      config,
      schema: { tags, summary: 'The registered API clients', response: { 200: Type.Array(ApiClient), ...errorResponses } },
    },
    async () => (await listApiClients(app.db)).map((row) => presentApiClient(row)),
  );

  app.post(
    '/api-clients',
    {
      config,
      schema: {
        tags,
        summary: 'Register an API client; its secret is in this answer only',
        body: ApiClientInput,
        response: { 201: ApiClientWithSecret, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { name, organisationNumber, contact, expiresAt, clientId } = request.body;
      // A person's tokens carry the app's own client id: a machine client by that id would take them over.
      if (clientId === app.config.oidc.clientId) throw validationError('Klient-ID-en er appens egen og kan ikke brukes.');
      const secret = newApiClientSecret();
      const row = await registerApiClient(app.db, adminOf(request), {
        clientId: clientId ?? newApiClientId(),
        name: name.trim(),
        organisationNumber,
        contact: contact.trim(),
        expiresAt: expiryOf(expiresAt),
        secretHash: hashApiClientSecret(secret),
      });
      return reply.code(201).send({ client: presentApiClient(row), secret });
    },
  );

  app.post(
    '/api-clients/:id/rotate',
    {
      config,
      schema: {
        tags,
        summary: 'A new secret for an API client (the old one stops at once); in this answer only',
        params: ApiClientParams,
        response: { 200: ApiClientWithSecret, ...errorResponses },
      },
    },
    async (request) => {
      const secret = newApiClientSecret();
      const row = await rotateApiClientSecret(app.db, adminOf(request), request.params.id, hashApiClientSecret(secret));
      return { client: presentApiClient(row), secret };
    },
  );

  app.post(
    '/api-clients/:id/revoke',
    {
      config,
      schema: {
        tags,
        summary: 'Revoke an API client: its next request and token request are refused',
        params: ApiClientParams,
        response: { 200: ApiClient, ...errorResponses },
      },
    },
    async (request) => presentApiClient(await revokeApiClient(app.db, adminOf(request), request.params.id)),
  );
}
