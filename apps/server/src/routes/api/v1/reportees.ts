import { ReporteeList } from '@fast/contracts';
import type { App } from '../../../app-types.ts';
import { errorResponses } from '../../schemas.ts';

export default async function reporteeRoutes(app: App) {
  app.get(
    '/reportees',
    { config: { access: 'user' }, schema: { tags: ['identity'], response: { 200: ReporteeList, ...errorResponses } } },
    async (request) => app.reportees.list(request.user),
  );
}
