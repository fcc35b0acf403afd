import type { ColumnType, GeneratedAlways } from 'kysely';

/** One action of an administrator: who did what to what, and when. Written in the action's transaction. */
export interface AdminAuditLogTable {
  id: GeneratedAlways<number>;
  occurred_at: ColumnType<Date, Date | string | undefined, never>;
  admin_user_id: string;
  /** The administrator's name as it was then, so the trail reads without the user table. */
  admin_name: string;
  action: string;
  /** What the action was about, e.g. "municipality-access:12" or "terms:3". */
  target: string | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
}

/** Tables of the authority's console. */
export interface AdminTables {
  admin_audit_log: AdminAuditLogTable;
}
