import { type ErrorBody, ErrorType } from '@fast/contracts';
import { expect } from 'vitest';
import type { Db } from '../src/db/database.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The newest access log entry's id (0 on an empty log): entries a test causes have larger ones. */
export async function lastLogId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('access_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}

/**
 * The answer is our error body as JSON, `{ reference, type, message }` and nothing else, with a
 * UUID reference and a known type; with `status`, `type` and `message` when given. Returns the body.
 */
export function expectErrorBody(
  response: Answer,
  expected: { status?: number; type?: ErrorType; message?: string | RegExp } = {},
  context?: string,
): ErrorBody {
  if (expected.status !== undefined) expect(response.statusCode, context).toBe(expected.status);
  expect(String(response.headers['content-type']), context).toMatch(/^application\/json/);
  const body = response.json() as ErrorBody;
  expect(body, context).toEqual({
    reference: expect.stringMatching(UUID),
    type: expected.type ?? expect.toBeOneOf(Object.values(ErrorType)),
    message:
      expected.message instanceof RegExp ? expect.stringMatching(expected.message) : (expected.message ?? expect.any(String)),
  });
  return body;
}
