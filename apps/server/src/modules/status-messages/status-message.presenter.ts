import type { AdminStatusMessage } from '@fast/contracts';
import type { AdminStatusMessageRow } from './status-messages-admin.repository.ts';

export function presentAdminStatusMessage(row: AdminStatusMessageRow): AdminStatusMessage {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    messageNn: row.message_nn,
    validFrom: row.valid_from.toISOString(),
    validTo: row.valid_to?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    state: row.state,
  };
}
