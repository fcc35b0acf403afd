import type { AccessLogEntry } from '@fast/contracts';
import type { AccessLogAdminRow } from './access-log-admin.repository.ts';

export function presentAccessLogEntry(row: AccessLogAdminRow): AccessLogEntry {
  return {
    id: row.id,
    occurredAt: row.occurred_at.toISOString(),
    action: row.action,
    user: row.user_full_name === null ? null : { id: row.user_id, username: row.username, fullName: row.user_full_name },
    organisationNumber: row.organisation_number,
    organisationName: row.organisation_name,
    facilityCount: row.facility_count,
    facilityIds: row.facility_ids,
    documentId: row.document_id,
    detail: row.detail,
  };
}
