import type { MunicipalityAccessEntry } from '@fast/contracts';
import type { AccessEntryRow } from './municipality-access.repository.ts';

export function presentAccessEntry(row: AccessEntryRow): MunicipalityAccessEntry {
  return {
    municipalityCode: row.municipality_id,
    municipalityName: row.municipality_name,
    countyId: row.county_id,
    countyName: row.county_name,
    given: row.given,
    status: row.status,
    requestedAt: row.requested_at.toISOString(),
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
    denyReason: row.deny_reason,
  };
}
