import { ADMIN_PAGE_MAX, MAX_ID } from '@fast/contracts';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../../../../errors.ts';
import type { Admin } from '../../../../modules/admin/admin-audit.repository.ts';

/** The administrator behind a request (the access hook has verified the role). */
export function adminOf(request: FastifyRequest): Admin {
  return { id: request.user.id, fullName: request.user.fullName };
}

/** Paging from the query string (digit strings; the schema has checked the form). */
export function pagingOf(query: { limit?: string; offset?: string }): { limit: number; offset: number } {
  const limit = query.limit === undefined ? 50 : Number(query.limit);
  const offset = query.offset === undefined ? 0 : Number(query.offset);
  if (limit < 1 || limit > ADMIN_PAGE_MAX) throw validationError(`limit må være mellom 1 og ${ADMIN_PAGE_MAX}.`);
  return { limit, offset };
}

export function idOf(params: { id: string }): number {
  const id = Number(params.id);
  if (id < 1 || id > MAX_ID) throw validationError('Ugyldig id.');
  return id;
}
