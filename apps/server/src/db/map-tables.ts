import type { ColumnType } from 'kysely';

/** One caller's pitId: a (user, organisation)'s hold on a snapshot content (see the migrations). */
export interface MapSnapshotTable {
  pit_id: string;
  user_id: string;
  organisation_number: string;
  scope_key: string;
  content_id: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

/** The facilities of one scope at one register version, shared by every pitId taken of them. */
export interface MapSnapshotContentTable {
  content_id: string;
  scope_key: string;
  /** Compared in SQL only (with register_version.version). */
  register_version: ColumnType<number, never, never>;
  block_size: number;
  total_count: number;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface MapSnapshotBlockTable {
  content_id: string;
  block: number;
  size: number;
  /** A JSON array of compact map facilities, as text; written by SQL (string_agg) only. */
  facilities: ColumnType<string, never, never>;
}

/** Counted up by a trigger on every statement that changes facilities. */
export interface RegisterVersionTable {
  singleton: ColumnType<boolean, never, never>;
  version: ColumnType<number, never, never>;
}

export interface MapTables {
  map_snapshot: MapSnapshotTable;
  map_snapshot_content: MapSnapshotContentTable;
  map_snapshot_block: MapSnapshotBlockTable;
  register_version: RegisterVersionTable;
}
