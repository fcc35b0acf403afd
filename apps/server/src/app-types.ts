import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Config } from './config.ts';
import type { ChangeNotifier } from './db/change-notifications.ts';
import type { Db } from './db/database.ts';
import type { ReplicaState } from './db/replica.ts';
import type { AccessAction, AccessFacts } from './modules/access-log/access-log.repository.ts';
import type { AuthenticatedUser, Scope } from './modules/identity/identity.ts';
import type { TokenVerifier } from './modules/identity/token-verifier.ts';
import type { ReporteeProvider } from './modules/reportees/reportee-provider.ts';
import type { SearchResultCache } from './modules/search/search-cache.ts';
import type { Metrics } from './plugins/metrics.ts';

/**
 * Who may call a route: checked once, by the access hook, before the body is read. `feed` is the
 * data level of the OGC API (issue 38): a person exactly as at `organisation`, and also a
 * registered machine client of one organisation, which no other level admits.
 */
export type AccessLevel = 'public' | 'user' | 'terms' | 'organisation' | 'feed' | 'admin';

/**
 * What a route's answer reveals of the register, for the access log (plugins/access-log.ts has
 * the rules; every /api/v1 route at the data level states one):
 * - `{ action: 'VIEW' | 'DOWNLOAD' | 'EXPORT' }`: logged; the handler names what it reveals with
 *   `reply.reveals(...)` and the entry is written before the answer's first byte;
 * - `{ action: 'IMPORT' }`: logged by the handler with `reply.logAccessIn(trx, ...)`, in the
 *   transaction that writes the facilities;
 * - `{ none: 'overview' }`: facility data that is not logged (the search list, the map, nearby,
 *   places, zones: docs/security.md says why); `{ none: 'facility-free' }`: no facility data.
 */
export type AccessLogRule =
  | { action: Exclude<AccessAction, 'IMPORT'> }
  | { action: 'IMPORT' }
  | { none: 'overview' | 'facility-free' };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /**
     * The reads that may be a moment behind (search, map, detail, nearby, exports): the read
     * replica while it is usable, else the primary. Writes, and reads that must see them, use db.
     */
    readDb: Db;
    /** The read replica's health; null without one. */
    replicaState(): ReplicaState | null;
    metrics: Metrics;
    /** The search list's answers while the register is unchanged; null without one (no reads from a replica). */
    searchCache: SearchResultCache | null;
    reportees: ReporteeProvider;
    tokenVerifier: TokenVerifier;
    /** Tells the server processes on this database that cached state of a kind changed. */
    changes: ChangeNotifier;
    /** Drops the access hook's remembered organisation-and-terms passes in every server process (new terms were published). */
    forgetAccessChecks(): Promise<void>;
    /** The headers every answer carries (CSP, framing, sniffing, referrer; HSTS behind TLS): plugins/security.ts. */
    securityHeaders: Readonly<Record<string, string>>;
    /** Counts a signed-in request for its user and refuses it (429) over the user's limit: plugins/security.ts. */
    limitUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Whether the request goes to a signed-in route with a token this process has verified: plugins/access.ts. */
    signedInByKnownToken(request: FastifyRequest): boolean;
    /** Every /api/v1 and /ogc route ("GET /api/v1/facilities/:id") with its access-log rule, null where it states none: plugins/access-log.ts. */
    accessLogRules(): ReadonlyMap<string, AccessLogRule | null>;
  }
  interface FastifyReply {
    /** Names what this answer reveals, for its access-log entry (a route that declares VIEW, DOWNLOAD or EXPORT). */
    reveals(facts: AccessFacts): void;
    /** Writes the route's access-log entry in `trx`, the transaction that writes the facilities (a route that declares IMPORT). */
    logAccessIn(trx: Db, facts: AccessFacts): Promise<void>;
  }
  interface FastifyRequest {
    /** Set for every route whose access level is not 'public'. */
    user: AuthenticatedUser;
    /** Set for 'organisation' routes: the data scope of this request. */
    scope: Scope;
  }
  interface FastifyContextConfig {
    access?: AccessLevel;
    accessLog?: AccessLogRule;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
