import { type StatusMessage, StatusMessageType } from '@fast/contracts';
import type { Db } from '../../db/database.ts';

/** Messages whose validity period includes now, newest first. */
export async function validStatusMessages(db: Db, now = new Date()): Promise<StatusMessage[]> {
  const rows = await db
    .selectFrom('status_message')
    .select(['type', 'message', 'message_nn'])
    .where('valid_from', '<=', now)
    .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>', now)]))
    .orderBy('valid_from', 'desc')
    .execute();
  return rows.flatMap((r) =>
    (StatusMessageType as readonly string[]).includes(r.type)
      ? [{ type: r.type as StatusMessage['type'], message: r.message, messageNn: r.message_nn }]
      : [],
  );
}
