import { AdminAuditPage, AdminAuditQuery } from '@fast/contracts';
import type { App } from '../../../../app-types.ts';
import { presentAuditEntry } from '../../../../modules/admin/admin.presenter.ts';
import { listAdminActions } from '../../../../modules/admin/admin-audit.repository.ts';
import { errorResponses } from '../../../schemas.ts';
import { pagingOf } from './admin-request.ts';

const config = { access: 'admin' } as const;
const tags = ['admin'];

export default async function auditLogRoutes(app: App) {
  app.get(
    '/audit-log',
    { config, schema: { tags, querystring: AdminAuditQuery, response: { 200: AdminAuditPage, ...errorResponses } } },
    async (request) => {
      const { total, rows } = await listAdminActions(app.db, { action: request.query.action, ...pagingOf(request.query) });
      return { total, entries: rows.map(presentAuditEntry) };
    },
  );
}
