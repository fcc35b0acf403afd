import type { AdminAuditAction } from '@fast/contracts';
import type { Db } from '../../db/database.ts';

/** The administrator acting: written with every entry so that the trail reads on its own. */
export interface Admin {
  id: string;
  fullName: string;
}

export interface AdminAction {
  action: AdminAuditAction;
  target?: string | null;
  detail?: Record<string, unknown>;
}

/** Records admin actions. Call it inside the action's transaction: no action without its entry. */
export async function recordAdminActions(db: Db, admin: Admin, entries: readonly AdminAction[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('admin_audit_log')
    .values(
      entries.map((entry) => ({
        admin_user_id: admin.id,
        admin_name: admin.fullName,
        action: entry.action,
        target: entry.target ?? null,
        detail: JSON.stringify(entry.detail ?? {}),
      })),
    )
    .execute();
}

export async function recordAdminAction(db: Db, admin: Admin, entry: AdminAction): Promise<void> {
  await recordAdminActions(db, admin, [entry]);
}

export async function listAdminActions(db: Db, filter: { action?: AdminAuditAction; limit: number; offset: number }) {
  let query = db.selectFrom('admin_audit_log');
  if (filter.action) query = query.where('action', '=', filter.action);
  const [rows, count] = await Promise.all([
    query
      .select(['id', 'occurred_at', 'admin_name', 'action', 'target', 'detail'])
      .orderBy('occurred_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), rows };
}

export type AdminAuditRow = Awaited<ReturnType<typeof listAdminActions>>['rows'][number];
