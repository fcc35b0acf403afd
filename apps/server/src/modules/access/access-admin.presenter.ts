import type { AdminAccessEntry, AdminOrganisation } from '@fast/contracts';
import type { AdminAccessRow } from './access-decisions.repository.ts';
import type { organisationsWithAccessEntries } from './organisations.repository.ts';

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
    requestedAt: row.requested_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    // Not decided yet: no decider, so the full name is empty.
    decidedBy: row.decided_by_name === '' ? null : row.decided_by_name,
    denyReason: row.deny_reason,
  };
}

export function presentOrganisation(row: Awaited<ReturnType<typeof organisationsWithAccessEntries>>[number]): AdminOrganisation {
  return { organisationNumber: row.organisation_number, name: row.name };
}
