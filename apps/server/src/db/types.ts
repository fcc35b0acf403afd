import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { AdminTables } from './admin-tables.ts';
import type { ApiClientTables } from './api-client-tables.ts';
import type { HazardTables } from './hazard-tables.ts';
import type { MapTables } from './map-tables.ts';
import type { ReferenceLayerTables } from './reference-layer-tables.ts';
import type { RegisterTables } from './register-tables.ts';

/** A timestamp column: read as Date, written as Date or ISO string, defaulted by the database. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface CountyTable {
  id: string;
  name: string;
}

export interface MunicipalityTable {
  id: string;
  county_id: string;
  name: string;
  display_name: string;
}

export interface OrganisationTable {
  organisation_number: string;
  name: string;
}

export interface AppUserTable {
  id: Generated<string>;
  /** The `sub` claim of the identity provider. */
  subject: string;
  username: string | null;
  given_name: string | null;
  middle_name: string | null;
  family_name: string | null;
  /** Realm roles as the token last carried them. */
  roles: ColumnType<string[], string[] | undefined, string[]>;
  /** Only for accounts of the development identity provider (scrypt). */
  password_hash: string | null;
  created_at: CreatedAt;
}

/** The local reportee source: which organisations a user may represent. */
export interface UserOrganisationTable {
  user_id: string;
  organisation_number: string;
}

export interface TermsVersionTable {
  version: number;
  text_nb: string;
  text_nn: string;
  published_at: CreatedAt;
}

export interface TermsAcceptanceTable {
  user_id: string;
  version: number;
  accepted_at: CreatedAt;
}

export interface MunicipalityAccessTable {
  id: Generated<number>;
  user_id: string;
  organisation_number: string;
  municipality_id: string;
  given: ColumnType<boolean, boolean | undefined, boolean>;
  requested_at: ColumnType<Date, Date | string | undefined, Date | string>;
  decided_at: NullableTimestamp;
  /** Set when the authority turned the request down (DENIED) or took the access back (REVOKED). */
  rejection: ColumnType<'DENIED' | 'REVOKED' | null, 'DENIED' | 'REVOKED' | null | undefined, 'DENIED' | 'REVOKED' | null>;
  /** The authority's reason, shown to the requester (at most 1000 characters). */
  deny_reason: ColumnType<string | null, string | null | undefined, string | null>;
  decided_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Derived: ACTIVE when given, else the rejection, else PENDING. */
  status: GeneratedAlways<'ACTIVE' | 'PENDING' | 'DENIED' | 'REVOKED'>;
}

export interface StatusMessageTable {
  id: Generated<number>;
  type: string;
  message: string;
  /** The Nynorsk text, when the authority wrote one. */
  message_nn: ColumnType<string | null, string | null | undefined, string | null>;
  valid_from: ColumnType<Date, Date | string | undefined, Date | string>;
  valid_to: NullableTimestamp;
  created_at: CreatedAt;
}

/** Keys and secrets of the development identity provider, so tokens survive restarts. */
export interface IdpStateTable {
  name: string;
  value: ColumnType<unknown, string, string>;
}

/** One stored object of the development identity provider (session, grant, code, token...). */
export interface IdpRecordTable {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
}

export interface PlatformTables {
  county: CountyTable;
  municipality: MunicipalityTable;
  organisation: OrganisationTable;
  app_user: AppUserTable;
  user_organisation: UserOrganisationTable;
  terms_version: TermsVersionTable;
  terms_acceptance: TermsAcceptanceTable;
  municipality_access: MunicipalityAccessTable;
  status_message: StatusMessageTable;
  idp_state: IdpStateTable;
  idp_record: IdpRecordTable;
}

export type Database = PlatformTables &
  RegisterTables &
  AdminTables &
  MapTables &
  HazardTables &
  ReferenceLayerTables &
  ApiClientTables;
