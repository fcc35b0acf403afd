import type { ColumnType } from 'kysely';

/** A snapshot of one caller's map facilities, paged by POST /api/v1/map/facilities (see the migration). */
export interface MapSnapshotTable {
  pit_id: string;
  user_id: string;
  organisation_number: string;
  scope_key: string;
  block_size: number;
  total_count: number;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface MapSnapshotBlockTable {
  pit_id: string;
  block: number;
  size: number;
  /** A JSON array of compact map facilities, as text; written by SQL (string_agg) only. */
  facilities: ColumnType<string, never, never>;
}

export interface MapTables {
  map_snapshot: MapSnapshotTable;
  map_snapshot_block: MapSnapshotBlockTable;
}
