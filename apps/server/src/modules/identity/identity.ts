/** The caller as the server knows it after verifying the bearer token. */
export interface AuthenticatedUser {
  id: string;
  subject: string;
  username: string | null;
  fullName: string;
  roles: string[];
  /** National identity number when the provider sends one (Altinn looks reportees up by it). */
  personIdentifier: string | null;
}

/** The data scope of a request: facilities in municipalities given to (user, organisation). */
export interface Scope {
  userId: string;
  organisationNumber: string;
}
