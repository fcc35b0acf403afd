import type {
  AccessLogEntry,
  AdminAccessEntry,
  AdminAuditAction,
  AdminAuditEntry,
  AdminStatusMessage,
  AdminTermsVersion,
} from '@fast/contracts';
import type { AdminAccessRow } from './access-decisions.repository.ts';
import type { AccessLogAdminRow } from './access-log-admin.repository.ts';
import type { AdminAuditRow } from './admin-audit.repository.ts';
import type { AdminStatusMessageRow } from './status-messages-admin.repository.ts';
import type { AdminTermsRow } from './terms-admin.repository.ts';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

export function presentAdminAccess(row: AdminAccessRow): AdminAccessEntry {
  return {
    id: row.id,
    status: row.status,
    given: row.given,
    user: { id: row.user_id, username: row.username, fullName: row.user_full_name },
    organisationNumber: row.organisation_number,
    organisationName: row.organisation_name,
    municipalityCode: row.municipality_id,
    municipalityName: row.municipality_name,
    countyId: row.county_id,
    countyName: row.county_name,
    requestedAt: iso(row.requested_at),
    decidedAt: isoOrNull(row.decided_at),
    decidedBy: row.decided_by_name,
    denyReason: row.deny_reason,
  };
}

export function presentAdminStatusMessage(row: AdminStatusMessageRow): AdminStatusMessage {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    messageNn: row.message_nn,
    validFrom: iso(row.valid_from),
    validTo: isoOrNull(row.valid_to),
    createdAt: iso(row.created_at),
    state: row.state,
  };
}

export function presentTermsVersion(row: AdminTermsRow): AdminTermsVersion {
  return {
    version: row.version,
    publishedAt: iso(row.published_at),
    text: { nb: row.text_nb, nn: row.text_nn },
    acceptedCount: row.accepted_count,
  };
}

export function presentAccessLogEntry(row: AccessLogAdminRow): AccessLogEntry {
  return {
    id: row.id,
    occurredAt: iso(row.occurred_at),
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

export function presentAuditEntry(row: AdminAuditRow): AdminAuditEntry {
  return {
    id: row.id,
    occurredAt: iso(row.occurred_at),
    adminName: row.admin_name,
    action: row.action as AdminAuditAction,
    target: row.target,
    detail: row.detail,
  };
}
