import type { Reportee } from '@fast/contracts';
import type { AuthenticatedUser } from '../identity/identity.ts';

/** Where the organisations a user may represent come from: the local table or Altinn. */
export interface ReporteeProvider {
  list(user: AuthenticatedUser): Promise<Reportee[]>;
  /** Whether the user may represent the organisation now: asked on every data request. */
  represents(user: AuthenticatedUser, organisationNumber: string): Promise<boolean>;
}
