import type { AdminTermsVersion, TermsCurrent, TermsStatus } from '@fast/contracts';
import type { currentTerms } from './terms.repository.ts';
import type { AdminTermsRow } from './terms-admin.repository.ts';

export function presentCurrentTerms(row: Awaited<ReturnType<typeof currentTerms>>): TermsCurrent {
  return { version: row.version, publishedAt: row.published_at.toISOString(), text: { nb: row.text_nb, nn: row.text_nn } };
}

export function presentTermsVersion(row: AdminTermsRow): AdminTermsVersion {
  return { ...presentCurrentTerms(row), acceptedCount: row.accepted_count };
}

/** Whether the user has accepted the current version. */
export function presentTermsStatus(hasAccepted: boolean): TermsStatus {
  return { hasAccepted };
}
