import { StatusMessageList } from '@fast/contracts';
import type { App } from '../../../app-types.ts';
import { validStatusMessages } from '../../../modules/status-messages/status-message.repository.ts';
import { errorResponses } from '../../schemas.ts';

export default async function statusMessageRoutes(app: App) {
  app.get(
    '/statusmessage',
    { config: { access: 'user' }, schema: { tags: ['status'], response: { 200: StatusMessageList, ...errorResponses } } },
    async () => validStatusMessages(app.db),
  );
}
