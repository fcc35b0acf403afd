/** The caller as the server knows it after verifying the bearer token. */
export interface AuthenticatedUser {
  id: string;
  subject: string;
  username: string | null;
  fullName: string;
  roles: string[];
  /** National identity number when the provider sends one (Altinn looks reportees up by it). */
  personIdentifier: string | null;
  /** Set when the token is a registered machine client's (OAuth client credentials), not a person's. */
  client?: MachineClient;
}

/** A registered API client (modules/api-clients), as its token's `client_id` claim names it. */
export interface MachineClient {
  /** api_client.id */
  id: string;
  /** The OAuth client_id. */
  clientId: string;
  /** The client's own app_user row: the access log and the rate limit count it like a user. */
  userId: string;
  name: string;
  /** The one organisation it reads for. */
  organisationNumber: string;
}

/**
 * The data scope of a request: facilities in municipalities given to (user, organisation); for a
 * machine client, every municipality given to its organisation (modules/access/scope.ts).
 */
export interface Scope {
  userId: string;
  organisationNumber: string;
  client?: { id: string; name: string };
}
