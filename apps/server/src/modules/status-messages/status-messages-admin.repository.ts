import type { AdminStatusMessageInput, AdminStatusMessageState, StatusMessageType } from '@fast/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { RowOf } from '../../db/sql.ts';
import { ApiError, notFound, validationError } from '../../errors.ts';
import { type Admin, recordAdminAction } from '../admin/admin-audit.repository.ts';

const stateSql = sql<AdminStatusMessageState>`case
  when valid_from > now() then 'SCHEDULED'
  when valid_to is not null and valid_to <= now() then 'ENDED'
  else 'ACTIVE' end`;

function messages(db: Db) {
  return db
    .selectFrom('status_message')
    .select(['id', 'type', 'message', 'message_nn', 'valid_from', 'valid_to', 'created_at', stateSql.as('state')])
    .$narrowType<{ type: StatusMessageType }>();
}

export type AdminStatusMessageRow = RowOf<ReturnType<typeof messages>>;

/** Every message: shown and scheduled ones first, then the ended ones, newest first. */
export async function listStatusMessagesForAdmin(db: Db): Promise<AdminStatusMessageRow[]> {
  return messages(db)
    .orderBy(sql`case when valid_to is not null and valid_to <= now() then 1 else 0 end`)
    .orderBy('valid_from', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

function period(input: AdminStatusMessageInput): { from: Date; to: Date | null } {
  const from = input.validFrom ? new Date(input.validFrom) : new Date();
  const to = input.validTo ? new Date(input.validTo) : null;
  if (to && to <= from) throw validationError('Sluttidspunktet må være etter starttidspunktet.');
  return { from, to };
}

export async function createStatusMessage(db: Db, admin: Admin, input: AdminStatusMessageInput): Promise<AdminStatusMessageRow> {
  const { from, to } = period(input);
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('status_message')
      .values({ type: input.type, message: input.message, message_nn: input.messageNn ?? null, valid_from: from, valid_to: to })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAdminAction(trx, admin, {
      action: 'STATUS_MESSAGE_CREATED',
      target: `status-message:${id}`,
      detail: { type: input.type, validFrom: from.toISOString(), validTo: to?.toISOString() ?? null },
    });
    return messages(trx).where('id', '=', id).executeTakeFirstOrThrow();
  });
}

export async function updateStatusMessage(
  db: Db,
  admin: Admin,
  id: number,
  input: AdminStatusMessageInput,
): Promise<AdminStatusMessageRow> {
  const { from, to } = period(input);
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('status_message')
      .set({ type: input.type, message: input.message, message_nn: input.messageNn ?? null, valid_from: from, valid_to: to })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw notFound('Fant ikke driftsmeldingen.');
    await recordAdminAction(trx, admin, {
      action: 'STATUS_MESSAGE_UPDATED',
      target: `status-message:${id}`,
      detail: { type: input.type, validFrom: from.toISOString(), validTo: to?.toISOString() ?? null },
    });
    return messages(trx).where('id', '=', id).executeTakeFirstOrThrow();
  });
}

/**
 * Ends a message now. One that has not started yet was never shown, so ending it removes it;
 * ending an ended message is a conflict, so the caller learns that someone was first.
 */
export async function endStatusMessage(db: Db, admin: Admin, id: number): Promise<AdminStatusMessageRow | null> {
  return db.transaction().execute(async (trx) => {
    const current = await messages(trx).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!current) throw notFound('Fant ikke driftsmeldingen.');
    if (current.state === 'ENDED') throw new ApiError(409, 'CONFLICT', 'Driftsmeldingen er allerede avsluttet.');
    await recordAdminAction(trx, admin, {
      action: 'STATUS_MESSAGE_ENDED',
      target: `status-message:${id}`,
      detail: { removed: current.state === 'SCHEDULED' },
    });
    if (current.state === 'SCHEDULED') {
      await trx.deleteFrom('status_message').where('id', '=', id).execute();
      return null;
    }
    await trx
      .updateTable('status_message')
      .set({ valid_to: sql`greatest(now(), valid_from + interval '1 millisecond')` })
      .where('id', '=', id)
      .execute();
    return messages(trx).where('id', '=', id).executeTakeFirstOrThrow();
  });
}
