import type { Reportee } from '@fast/contracts';
import type { AuthenticatedUser } from '../identity/identity.ts';

/** Where the organisations a user may represent come from: the local table or Altinn. */
export interface ReporteeProvider {
  list(user: AuthenticatedUser): Promise<Reportee[]>;
}
