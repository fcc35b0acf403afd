import type { ApiClient, ApiClientStatus } from '@fast/contracts';
import type { ApiClientRow } from './api-clients.repository.ts';

function statusOf(row: ApiClientRow, now: Date): ApiClientStatus {
  if (row.revoked_at) return 'REVOKED';
  return row.expires_at <= now ? 'EXPIRED' : 'ACTIVE';
}

/** A client as the console shows it; never its secret or the secret's hash. */
export function presentApiClient(row: ApiClientRow, now = new Date()): ApiClient {
  return {
    id: row.id,
    clientId: row.client_id,
    name: row.name,
    organisationNumber: row.organisation_number,
    organisationName: row.organisation_name,
    contact: row.contact,
    expiresAt: row.expires_at.toISOString(),
    status: statusOf(row, now),
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    rotatedAt: row.rotated_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    revokedBy: row.revoked_by,
  };
}
