import { ALTINN_ROLE, isValidOrganisationNumber, type Reportee } from '@fast/contracts';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.ts';
import type { ReporteeProvider } from './reportee-provider.ts';
import { saveOrganisations } from './reportees.repository.ts';

/** One party of Altinn's "authorized parties" answer, reduced to what FAST reads. */
interface AuthorizedParty {
  name?: string;
  organizationNumber?: string | null;
  type?: string;
  authorizedRoles?: string[];
  subunits?: AuthorizedParty[];
}

/**
 * Reportees from Altinn's authorization API (`POST {url}/accessmanagement/api/v1/resourceowner/
 * authorizedparties`): the organisations, sub-units included, where the person holds the role
 * "DSB - tilgang til Fast". Answers are cached per person for five minutes, since every data
 * request checks the organisation header against them. Organisations seen are stored locally so
 * that access entries can refer to them.
 */
export function altinnReportees(db: Db, options: { url: string; subscriptionKey: string | null }): ReporteeProvider {
  // Bounded: a person's entry lives five minutes, and no more people than this are kept at once.
  const cache = new LRUCache<string, Reportee[]>({ max: 10_000, ttl: 5 * 60_000 });

  async function fetchParties(personIdentifier: string): Promise<AuthorizedParty[]> {
    const response = await fetch(
      `${options.url.replace(/\/$/, '')}/accessmanagement/api/v1/resourceowner/authorizedparties?includeAltinn2=true`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.subscriptionKey ? { 'Ocp-Apim-Subscription-Key': options.subscriptionKey } : {}),
        },
        body: JSON.stringify({ type: 'urn:altinn:person:identifier-no', value: personIdentifier }),
        signal: AbortSignal.timeout(10_000),
      },
    );
    if (!response.ok) throw new Error(`Altinn answered ${response.status}`);
    return (await response.json()) as AuthorizedParty[];
  }

  function withRole(parties: AuthorizedParty[]): Reportee[] {
    return parties.flatMap((party) => {
      const own =
        party.type === 'Organization' &&
        party.name &&
        party.organizationNumber &&
        isValidOrganisationNumber(party.organizationNumber) &&
        (party.authorizedRoles ?? []).includes(ALTINN_ROLE)
          ? [{ name: party.name, organizationNumber: party.organizationNumber }]
          : [];
      return [...own, ...withRole(party.subunits ?? [])];
    });
  }

  const provider: ReporteeProvider = {
    async list(user) {
      if (!user.personIdentifier) return [];
      const cached = cache.get(user.personIdentifier);
      if (cached) return cached;
      const unique = new Map(withRole(await fetchParties(user.personIdentifier)).map((r) => [r.organizationNumber, r]));
      const reportees = [...unique.values()].sort((a, b) => a.name.localeCompare(b.name, 'nb'));
      await saveOrganisations(db, reportees);
      cache.set(user.personIdentifier, reportees);
      return reportees;
    },
    async represents(user, organisationNumber) {
      return (await provider.list(user)).some((r) => r.organizationNumber === organisationNumber);
    },
  };
  return provider;
}
