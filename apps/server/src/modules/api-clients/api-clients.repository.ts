import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { RowOf } from '../../db/sql.ts';
import { ApiError, notFound, validationError } from '../../errors.ts';
import { type Admin, recordAdminAction } from '../admin/admin-audit.repository.ts';
import type { MachineClient } from '../identity/identity.ts';

/** The app_user subject of a client's own row: never a provider's `sub` for a person. */
export const clientSubject = (clientId: string) => `client:${clientId}`;

function clients(db: Db) {
  return db
    .selectFrom('api_client')
    .innerJoin('organisation', 'organisation.organisation_number', 'api_client.organisation_number')
    .select([
      'api_client.id',
      'api_client.client_id',
      'api_client.name',
      'api_client.organisation_number',
      'organisation.name as organisation_name',
      'api_client.contact',
      'api_client.expires_at',
      'api_client.created_at',
      'api_client.created_by',
      'api_client.rotated_at',
      'api_client.revoked_at',
      'api_client.revoked_by',
    ]);
}

export type ApiClientRow = RowOf<ReturnType<typeof clients>>;

/** Every client: those not revoked first, then by name. */
export async function listApiClients(db: Db): Promise<ApiClientRow[]> {
  return clients(db)
    .orderBy(sql`api_client.revoked_at is not null`)
    .orderBy('api_client.name')
    .orderBy('api_client.created_at')
    .execute();
}

export interface NewApiClient {
  clientId: string;
  name: string;
  organisationNumber: string;
  contact: string;
  expiresAt: Date;
  secretHash: string;
}

/** Registers a client with its own app_user row, and the audit entry, in one transaction. */
export async function registerApiClient(db: Db, admin: Admin, client: NewApiClient): Promise<ApiClientRow> {
  return db.transaction().execute(async (trx) => {
    const organisation = await trx
      .selectFrom('organisation')
      .select('organisation_number')
      .where('organisation_number', '=', client.organisationNumber)
      .executeTakeFirst();
    if (!organisation) throw validationError(`Ukjent virksomhet: ${client.organisationNumber}.`);
    const taken = await trx.selectFrom('api_client').select('id').where('client_id', '=', client.clientId).executeTakeFirst();
    const subject = clientSubject(client.clientId);
    const userTaken = await trx.selectFrom('app_user').select('id').where('subject', '=', subject).executeTakeFirst();
    if (taken || userTaken) throw new ApiError(409, 'CONFLICT', `Klient-ID-en ${client.clientId} er allerede i bruk.`);
    const user = await trx
      .insertInto('app_user')
      .values({ subject, username: null, given_name: client.name, middle_name: null, family_name: null, roles: [] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id } = await trx
      .insertInto('api_client')
      .values({
        client_id: client.clientId,
        user_id: user.id,
        name: client.name,
        organisation_number: client.organisationNumber,
        contact: client.contact,
        expires_at: client.expiresAt,
        secret_hash: client.secretHash,
        created_by: admin.fullName,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAdminAction(trx, admin, {
      action: 'API_CLIENT_REGISTERED',
      target: `api-client:${id}`,
      detail: {
        clientId: client.clientId,
        name: client.name,
        organisationNumber: client.organisationNumber,
        expiresAt: client.expiresAt.toISOString(),
      },
    });
    return clients(trx).where('api_client.id', '=', id).executeTakeFirstOrThrow();
  });
}

async function lockClient(trx: Db, id: string) {
  const row = await trx
    .selectFrom('api_client')
    .select(['client_id', 'revoked_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Fant ikke API-klienten.');
  if (row.revoked_at) throw new ApiError(409, 'CONFLICT', 'API-klienten er trukket tilbake.');
  return row;
}

/** A new secret for a client that is not revoked; the old one stops at once. */
export async function rotateApiClientSecret(db: Db, admin: Admin, id: string, secretHash: string): Promise<ApiClientRow> {
  return db.transaction().execute(async (trx) => {
    const { client_id: clientId } = await lockClient(trx, id);
    await trx.updateTable('api_client').set({ secret_hash: secretHash, rotated_at: new Date() }).where('id', '=', id).execute();
    await recordAdminAction(trx, admin, {
      action: 'API_CLIENT_SECRET_ROTATED',
      target: `api-client:${id}`,
      detail: { clientId },
    });
    return clients(trx).where('api_client.id', '=', id).executeTakeFirstOrThrow();
  });
}

/** Takes a client back for good: its next request, and its next token request, are refused. */
export async function revokeApiClient(db: Db, admin: Admin, id: string): Promise<ApiClientRow> {
  return db.transaction().execute(async (trx) => {
    const { client_id: clientId } = await lockClient(trx, id);
    await trx
      .updateTable('api_client')
      .set({ revoked_at: new Date(), revoked_by: admin.fullName })
      .where('id', '=', id)
      .execute();
    await recordAdminAction(trx, admin, { action: 'API_CLIENT_REVOKED', target: `api-client:${id}`, detail: { clientId } });
    return clients(trx).where('api_client.id', '=', id).executeTakeFirstOrThrow();
  });
}

/**
 * The registered client a token's `client_id` claim names, whatever its state (null: the token is
 * not a client's). Read once per token; whether it may still read is asked on every request.
 */
export async function findMachineClient(db: Db, clientId: string): Promise<MachineClient | null> {
  const row = await db
    .selectFrom('api_client')
    .select(['id', 'client_id', 'user_id', 'name', 'organisation_number'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    clientId: row.client_id,
    userId: row.user_id,
    name: row.name,
    organisationNumber: row.organisation_number,
  };
}

/** Whether a client is neither revoked nor expired, now. */
export async function isApiClientActive(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('api_client')
    .select('id')
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}

/** What the development provider needs of an active client to authenticate it; null: unknown, revoked or expired. */
export async function findActiveClientCredentials(
  db: Db,
  clientId: string,
): Promise<{ clientId: string; name: string; secretHash: string; expiresAt: Date } | null> {
  const row = await db
    .selectFrom('api_client')
    .select(['client_id', 'name', 'secret_hash', 'expires_at'])
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row ? { clientId: row.client_id, name: row.name, secretHash: row.secret_hash, expiresAt: row.expires_at } : null;
}
