import type { ColumnType, Generated } from 'kysely';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A machine client of the OGC feed (migration 2026_11_29_1800): one organisation, a hashed secret. */
export interface ApiClientTable {
  id: Generated<string>;
  /** The public identifier: OAuth's client_id, and the `client_id` claim of its tokens. */
  client_id: string;
  /** The client's own app_user row (subject `client:<client_id>`), for the access log and the rate limit. */
  user_id: string;
  name: string;
  organisation_number: string;
  contact: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  /** SHA-256 of the secret, hex (the migration says why not scrypt). */
  secret_hash: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** The administrator's name. */
  created_by: string;
  rotated_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  revoked_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ApiClientTables {
  api_client: ApiClientTable;
}
