import { type Static, Type } from 'typebox';
import { IsoDateTime, OrganisationNumber, Uuid } from './patterns.ts';

/**
 * Machine clients of the OGC feed (issue 38): an administrator registers a client for one
 * organisation; it signs in with OAuth 2.0 client credentials and reads, at `/ogc`, exactly the
 * municipalities approved for that organisation. The secret is shown once, when it is made.
 *
 * GET  /api/v1/admin/api-clients              → ApiClient[]
 * POST /api/v1/admin/api-clients              ApiClientInput → ApiClientWithSecret (201)
 * POST /api/v1/admin/api-clients/{id}/rotate  → ApiClientWithSecret (a new secret; the old one stops)
 * POST /api/v1/admin/api-clients/{id}/revoke  → ApiClient
 */

export const API_CLIENT_NAME_MAX_LENGTH = 100;
export const API_CLIENT_CONTACT_MAX_LENGTH = 200;
/** How far ahead a client's expiry may be set: a credential should be looked at again within this. */
export const API_CLIENT_MAX_LIFETIME_DAYS = 3 * 366;

/** ACTIVE: may get tokens and read; REVOKED: taken back by an administrator; EXPIRED: past its expiry. */
export const ApiClientStatus = ['ACTIVE', 'REVOKED', 'EXPIRED'] as const;
export type ApiClientStatus = (typeof ApiClientStatus)[number];

/** The client's id at the identity provider (OAuth `client_id`, the `client_id` claim of its tokens). */
const ApiClientIdentifier = Type.String({ pattern: '^[A-Za-z0-9._:-]{3,100}$' });

export const ApiClient = Type.Object(
  {
    id: Uuid,
    clientId: ApiClientIdentifier,
    name: Type.String(),
    organisationNumber: OrganisationNumber,
    organisationName: Type.String(),
    contact: Type.String(),
    expiresAt: IsoDateTime,
    status: Type.Enum(ApiClientStatus),
    createdAt: IsoDateTime,
    /** The administrator who registered it, by name. */
    createdBy: Type.String(),
    /** When the secret was last replaced; null: never. */
    rotatedAt: Type.Union([IsoDateTime, Type.Null()]),
    revokedAt: Type.Union([IsoDateTime, Type.Null()]),
    revokedBy: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type ApiClient = Static<typeof ApiClient>;

export const ApiClientInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: API_CLIENT_NAME_MAX_LENGTH, pattern: '\\S' }),
    organisationNumber: OrganisationNumber,
    /** Who answers for the client: a name, an e-mail address or a phone number. */
    contact: Type.String({ minLength: 1, maxLength: API_CLIENT_CONTACT_MAX_LENGTH, pattern: '\\S' }),
    expiresAt: IsoDateTime,
    /**
     * The client's id at an external identity provider (Maskinporten, Keycloak), where that
     * provider made the client; left out, FAST makes one (the development provider's clients).
     */
    clientId: Type.Optional(ApiClientIdentifier),
  },
  { additionalProperties: false },
);
export type ApiClientInput = Static<typeof ApiClientInput>;

/** A client with its secret: answered once, when the secret is made; FAST keeps only its hash. */
export const ApiClientWithSecret = Type.Object(
  { client: ApiClient, secret: Type.String({ minLength: 43 }) },
  { additionalProperties: false },
);
export type ApiClientWithSecret = Static<typeof ApiClientWithSecret>;

export const ApiClientParams = Type.Object({ id: Uuid }, { additionalProperties: false });
export type ApiClientParams = Static<typeof ApiClientParams>;
