import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { AuthenticatedUser, Scope } from './modules/identity/identity.ts';
import type { TokenVerifier } from './modules/identity/token-verifier.ts';
import type { ReporteeProvider } from './modules/reportees/reportee-provider.ts';

/** Who may call a route: checked once, by the access hook, before the body is read. */
export type AccessLevel = 'public' | 'user' | 'terms' | 'organisation' | 'admin';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    reportees: ReporteeProvider;
    tokenVerifier: TokenVerifier;
    /** Drops the access hook's remembered organisation-and-terms passes (new terms were published). */
    forgetAccessChecks(): void;
  }
  interface FastifyRequest {
    /** Set for every route whose access level is not 'public'. */
    user: AuthenticatedUser;
    /** Set for 'organisation' routes: the data scope of this request. */
    scope: Scope;
  }
  interface FastifyContextConfig {
    access?: AccessLevel;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
