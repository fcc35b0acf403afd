import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessLogRule } from '../app-types.ts';
import { ApiError } from '../errors.ts';
import {
  type AccessAction,
  type AccessEntry,
  type AccessFacts,
  recordAccess,
} from '../modules/access-log/access-log.repository.ts';

/** The routes whose rules are checked: the API's and the OGC feed's (a data-level route there must state one). */
const API_PREFIX = '/api/v1/';
const LOGGED_ROUTES = /^\/(api\/v1\/|ogc(\/|$))/;

/** Entries that go with the answer; IMPORT is written by its handler, in the import's transactions. */
type AnswerAction = Exclude<AccessAction, 'IMPORT'>;

const withholding = () =>
  new ApiError(
    503,
    'SERVICE_UNAVAILABLE',
    'Oppslaget kunne ikke loggføres, og svaret holdes derfor tilbake. Prøv igjen om litt.',
  );

function ruleOf(request: FastifyRequest): AccessLogRule | undefined {
  return request.routeOptions.config.accessLog;
}

function answerActionOf(rule: AccessLogRule | undefined): AnswerAction | null {
  return rule && 'action' in rule && rule.action !== 'IMPORT' ? rule.action : null;
}

function entryOf(request: FastifyRequest, action: AccessAction, facts: AccessFacts): AccessEntry {
  return {
    ...facts,
    action,
    userId: request.user.id,
    // An administrator (an import) acts for the authority, not for an organisation of their own.
    organisationNumber: request.routeOptions.config.access === 'admin' ? '' : request.scope.organisationNumber,
  };
}

/** A body that will not be sent: a stream is stopped, so that whatever fills it (a workbook writer) stops too. */
function discard(payload: unknown): void {
  const stream = payload as { pipe?: unknown; destroy?: () => void } | null;
  if (stream && typeof stream.pipe === 'function' && typeof stream.destroy === 'function') stream.destroy();
}

/**
 * The one path of the access log (docs/security.md, "Access log"): who read, downloaded, exported
 * or imported which facilities.
 *
 * Declared per route, in `config.accessLog` (AccessLogRule in app-types.ts); every /api/v1 and /ogc
 * route at a data level (`organisation`, the API's default, or the feed's `feed`) must state a
 * rule, or the server does not start:
 * - VIEW, DOWNLOAD, EXPORT (the record, documents and PDFs, spreadsheet exports): the handler names
 *   what the answer reveals with `reply.reveals({ facilityIds, documentId?, detail? })`; the onSend
 *   hook below writes the entry, with the caller and the organisation, before the first byte of
 *   the answer leaves, for every 2xx answer but to HEAD (which reveals no content). A failed
 *   request is never logged. A logged route whose 2xx answer names nothing is a fault: 500.
 * - IMPORT: the handler writes the entry with `reply.logAccessIn(trx, facts)` in the transaction
 *   that writes the facilities, so a facility is never written without it (nor the entry without
 *   the facility).
 * - `none`: 'overview' (facility data this policy does not log: the search list, the map, nearby,
 *   places, zones) or 'facility-free'.
 *
 * The policy for an entry that cannot be written: the answer is withheld. Nothing of the register
 * leaves without its entry: the caller gets 503 SERVICE_UNAVAILABLE with the error body (no
 * attachment header, no part of the data; a download's stream is stopped), and the server log gets
 * the cause and the whole entry at error level. For an import the batch's transaction fails with
 * its entry, so nothing of that batch is written.
 */
export function registerAccessLog(app: FastifyInstance) {
  const rules = new Map<string, AccessLogRule | null>();
  const revealed = new WeakMap<FastifyReply, AccessFacts>();

  app.addHook('onRoute', (route) => {
    if (!LOGGED_ROUTES.test(route.url)) return;
    const rule = route.config?.accessLog ?? null;
    // As plugins/access.ts: a route of the API that states no level is at the data level.
    const level = route.config?.access ?? (route.url.startsWith(API_PREFIX) ? 'organisation' : 'public');
    if (!rule && (level === 'organisation' || level === 'feed')) {
      throw new Error(`${route.method} ${route.url} must state config.accessLog: what its answer reveals of the register`);
    }
    for (const method of [route.method].flat()) rules.set(`${method} ${route.url}`, rule);
  });
  app.decorate('accessLogRules', () => rules);

  app.decorateReply('reveals', function (this: FastifyReply, facts: AccessFacts) {
    const rule = ruleOf(this.request);
    if (!answerActionOf(rule)) {
      throw new Error(`${this.request.routeOptions.url} reveals facilities but declares no VIEW, DOWNLOAD or EXPORT`);
    }
    if (revealed.has(this)) throw new Error(`${this.request.routeOptions.url} named what it reveals twice`);
    revealed.set(this, facts);
  });

  app.decorateReply('logAccessIn', async function (this: FastifyReply, trx, facts: AccessFacts) {
    const rule = ruleOf(this.request);
    if (!rule || !('action' in rule) || rule.action !== 'IMPORT') {
      throw new Error(`${this.request.routeOptions.url} logs in a transaction but does not declare IMPORT`);
    }
    await recordAccess(trx, entryOf(this.request, rule.action, facts));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const action = answerActionOf(ruleOf(request));
    if (!action || request.method === 'HEAD' || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const facts = revealed.get(reply);
    if (!facts) {
      discard(payload);
      reply.removeHeader('content-disposition');
      throw new Error(`${request.routeOptions.url} declares ${action} but its answer named nothing it reveals`);
    }
    const entry = entryOf(request, action, facts);
    try {
      await recordAccess(app.db, entry);
    } catch (error) {
      request.log.error({ err: error, accessEntry: entry }, 'access log entry not written: the answer is withheld');
      discard(payload);
      reply.removeHeader('content-disposition');
      throw withholding();
    }
    return payload;
  });
}
