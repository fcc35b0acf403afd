import type { AdminAuditAction, AdminAuditEntry } from '@fast/contracts';
import type { AdminAuditRow } from './admin-audit.repository.ts';

export function presentAuditEntry(row: AdminAuditRow): AdminAuditEntry {
  return {
    id: row.id,
    occurredAt: row.occurred_at.toISOString(),
    adminName: row.admin_name,
    action: row.action as AdminAuditAction,
    target: row.target,
    detail: row.detail,
  };
}
