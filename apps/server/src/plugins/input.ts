import type { FastifyInstance } from 'fastify';
import { validationError } from '../errors.ts';

const NUL = '\u0000';

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => key.includes(NUL) || containsNul(inner));
  }
  return false;
}

/**
 * PostgreSQL cannot store the NUL character in text, and no legitimate input carries one: refuse
 * it at the door, in bodies and query strings, instead of letting a query
 * fail deep inside with a 500.
 */
export function registerInputHygiene(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      if (containsNul(value)) return done(validationError('Forespørselen inneholder et ugyldig tegn (NUL).'), undefined);
      done(null, value);
    });
  });
  // Path parameters are left to their routes: an id with NUL is an unknown document (404) there.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query)) {
      throw validationError('Forespørselen inneholder et ugyldig tegn (NUL).');
    }
  });
}
