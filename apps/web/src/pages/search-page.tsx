import { SearchScreen } from '../features/search/search-screen.tsx';
import { useSelectedOrganisation } from '../shell/organisation/organisation-store.ts';

/** /search. The navigation guard has chosen the organisation before this renders; its data is keyed by it. */
export function SearchPage() {
  const organisation = useSelectedOrganisation();
  if (!organisation) return null;
  return <SearchScreen key={organisation.organizationNumber} organisationNumber={organisation.organizationNumber} />;
}
