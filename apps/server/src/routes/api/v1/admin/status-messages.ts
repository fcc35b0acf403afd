import { AdminIdParams, AdminStatusMessage, AdminStatusMessageInput, AdminStatusMessageList } from '@fast/contracts';
import { Type } from 'typebox';
import type { App } from '../../../../app-types.ts';
import { presentAdminStatusMessage } from '../../../../modules/status-messages/status-message.presenter.ts';
import {
  createStatusMessage,
  endStatusMessage,
  listStatusMessagesForAdmin,
  updateStatusMessage,
} from '../../../../modules/status-messages/status-messages-admin.repository.ts';
import { errorResponses } from '../../../schemas.ts';
import { adminOf, idOf } from './admin-request.ts';

const config = { access: 'admin' } as const;
const tags = ['admin'];

export default async function statusMessageAdminRoutes(app: App) {
  app.get(
    '/status-messages',
    { config, schema: { tags, response: { 200: AdminStatusMessageList, ...errorResponses } } },
    async () => (await listStatusMessagesForAdmin(app.db)).map(presentAdminStatusMessage),
  );

  app.post(
    '/status-messages',
    { config, schema: { tags, body: AdminStatusMessageInput, response: { 201: AdminStatusMessage, ...errorResponses } } },
    async (request, reply) => {
      const created = await createStatusMessage(app.db, adminOf(request), request.body);
      return reply.code(201).send(presentAdminStatusMessage(created));
    },
  );

  app.put(
    '/status-messages/:id',
    {
      config,
      schema: {
        tags,
        params: AdminIdParams,
        body: AdminStatusMessageInput,
        response: { 200: AdminStatusMessage, ...errorResponses },
      },
    },
    async (request) =>
      presentAdminStatusMessage(await updateStatusMessage(app.db, adminOf(request), idOf(request.params), request.body)),
  );

  // Answers the ended message, or null when it had not started and is therefore removed.
  app.post(
    '/status-messages/:id/end',
    {
      config,
      schema: {
        tags,
        params: AdminIdParams,
        response: { 200: Type.Union([AdminStatusMessage, Type.Null()]), ...errorResponses },
      },
    },
    async (request) => {
      const ended = await endStatusMessage(app.db, adminOf(request), idOf(request.params));
      return ended ? presentAdminStatusMessage(ended) : null;
    },
  );
}
