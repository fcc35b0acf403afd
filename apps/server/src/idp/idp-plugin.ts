import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { verifyPassword } from '../modules/users/password.ts';
import { findLocalAccount } from '../modules/users/user.repository.ts';
import { AUTO_LOGOUT_SCRIPT, errorPage, loginPage } from './pages.ts';
import { AUTO_LOGOUT_PATH, IDP_PREFIX } from './provider.ts';

type RawWithOriginal = FastifyRequest['raw'] & { originalUrl?: string };

/** Demo accounts are listed on the login page to make the development sign-in self-explanatory. */
async function demoUsernames(app: FastifyInstance): Promise<string[]> {
  const rows = await app.db
    .selectFrom('app_user')
    .select('username')
    .where('password_hash', 'is not', null)
    .orderBy('username')
    .execute();
  return rows.flatMap((r) => (r.username ? [r.username] : []));
}

/**
 * Hands the response over to oidc-provider, which writes it on the raw response itself: the
 * server's own headers (CSP, framing, sniffing, referrer) go with it, as on every other answer,
 * and CORS names the app's origin only. (oidc-provider answers CORS only where no Access-Control
 * header is set yet, else it would allow any origin to call the token endpoint; the app calls it
 * from its own origin, where CORS does not apply.)
 */
function handOver(reply: FastifyReply, ownOrigin: string) {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value as string | number | readonly string[]);
  }
  reply.raw.setHeader('access-control-allow-origin', ownOrigin);
  reply.hijack();
}

/**
 * Mounts the development provider at /idp on the same origin. The login interaction is ours
 * (Norwegian, accounts from the database); everything else is handed to oidc-provider untouched,
 * before Fastify reads the body. The provider is made by the first request that needs it.
 */
export async function identityProviderPlugin(app: FastifyInstance, options: { provider: () => Promise<Provider> }) {
  let callback: ReturnType<Provider['callback']> | null = null;
  const ownOrigin = new URL(app.config.publicUrl).origin;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 10_000 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  async function renderLogin(
    request: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
    error?: string,
    username?: string,
  ) {
    const action = `${IDP_PREFIX}/interaction/${encodeURIComponent(request.params.uid)}/login`;
    const html = loginPage({ action, error, username, demoUsers: app.config.demoData ? await demoUsernames(app) : [] });
    return reply
      .code(error ? 401 : 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  }

  app.get<{ Params: { uid: string } }>('/interaction/:uid', { config: { access: 'public' } }, async (request, reply) => {
    const provider = await options.provider();
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.prompt.name !== 'login') {
        // Consent never needs asking (see loadExistingGrant): finish the interaction at once.
        handOver(reply, ownOrigin);
        await provider.interactionFinished(request.raw, reply.raw, {}, { mergeWithLastSubmission: true });
        return;
      }
      return renderLogin(request, reply);
    } catch (error) {
      request.log.info({ err: error }, 'login interaction not found');
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(errorPage('Innloggingen er utløpt. Gå tilbake og prøv igjen.'));
    }
  });

  app.post<{ Params: { uid: string }; Body: { username?: string; password?: string } }>(
    '/interaction/:uid/login',
    { config: { access: 'public' } },
    async (request, reply) => {
      const provider = await options.provider();
      const username = (request.body?.username ?? '').trim();
      const password = request.body?.password ?? '';
      try {
        await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(errorPage('Innloggingen er utløpt. Gå tilbake og prøv igjen.'));
      }
      const account = username ? await findLocalAccount(app.db, { username }) : null;
      if (!account || !(await verifyPassword(password, account.passwordHash))) {
        return renderLogin(request, reply, 'Feil brukernavn eller passord. Prøv igjen.', username);
      }
      handOver(reply, ownOrigin);
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: account.subject } },
        { mergeWithLastSubmission: false },
      );
    },
  );

  app.get(AUTO_LOGOUT_PATH, { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(AUTO_LOGOUT_SCRIPT),
  );

  // Everything else under /idp is the provider's own (discovery, authorize, token, jwks, logout).
  // It is handed over in onRequest, before Fastify would read the body the provider parses itself.
  app.all('/*', {
    config: { access: 'public' },
    async onRequest(request, reply) {
      callback ??= (await options.provider()).callback();
      handOver(reply, ownOrigin);
      const raw = request.raw as RawWithOriginal;
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(IDP_PREFIX.length) || '/';
      callback(raw, reply.raw);
    },
    handler: async () => undefined,
  });
}
