import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody, ErrorType } from '@fast/contracts';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';

interface ClassifiedError {
  status: number;
  type: ErrorType;
  message: string;
  /** Whether the cause is the server's fault (logged as an error, not as info). */
  internal: boolean;
}

// Connection-level failures of the database: the service is unavailable, not broken.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', '57P01', '57P02', '57P03']);

function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  // pg's words for a lost connection, a full pool's wait run out and a connect that timed out.
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|^timeout expired$/i.test(
    error.message,
  );
}

/**
 * PostgreSQL's class 22, data exception: a value it cannot take (a date out of range, text that is
 * no uuid, a number too large). The schemas refuse what they can foresee; what slips past them is
 * still the request's value, not the server's fault.
 */
function isDataException(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return 'Ugyldig forespørsel.';
  const where = `${error.validationContext ?? 'body'}${first.instancePath ?? ''}`;
  return `Ugyldig forespørsel: ${where} ${first.message ?? 'er ugyldig'}`.trim();
}

/** The status, catalogue type and message an error is answered with. */
export function classifyError(error: FastifyError | Error): ClassifiedError {
  if (error instanceof ApiError) {
    return { status: error.statusCode, type: error.type, message: error.message, internal: false };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return { status: 400, type: 'VALIDATION_ERROR', message: validationMessage(fastifyError), internal: false };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 400, type: 'VALIDATION_ERROR', message: 'Forespørselen er for stor.', internal: false };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, type: 'VALIDATION_ERROR', message: 'Forespørselen må være JSON.', internal: false };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, type: 'VALIDATION_ERROR', message: 'Forespørselen er ikke gyldig JSON.', internal: false };
    case 'FST_ERR_HANDLER_TIMEOUT':
      return { status: 503, type: 'TIMEOUT', message: 'Dette tok altfor lang tid! Prøv igjen senere.', internal: true };
  }
  if (isDataException(error)) {
    return { status: 400, type: 'VALIDATION_ERROR', message: 'Ugyldig verdi i forespørselen.', internal: false };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, type: 'SERVICE_UNAVAILABLE', message: 'Tjenesten er midlertidig utilgjengelig.', internal: true };
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    // Fastify's own 4xx (a malformed header, a bad URL): the client's fault, said without internals.
    return { status, type: 'VALIDATION_ERROR', message: 'Ugyldig forespørsel.', internal: false };
  }
  return { status: 500, type: 'UNEXPECTED_ERROR', message: 'Noe gikk galt her.', internal: true };
}

export function sendError(reply: FastifyReply, status: number, type: ErrorType, message: string, cause?: unknown) {
  const reference = randomUUID();
  const log = { reference, type, status, err: cause };
  if (status >= 500) reply.log.error(log, message);
  else reply.log.info(log, message);
  const body: ErrorBody = { reference, type, message };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Fastify's refusals before a request reaches a route (a URL that is no UTF-8, a path parameter
 * longer than the router takes): the error body and the security headers, not Fastify's own
 * `{statusCode, error}`. Set as the `frameworkErrors` option; `headers` are the security headers.
 */
export function answerFrameworkError(headers: () => Readonly<Record<string, string>>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    reply.headers({ ...headers(), 'cache-control': 'no-store' });
    if (error.code === 'FST_ERR_BAD_URL') return sendError(reply, 400, 'VALIDATION_ERROR', 'Adressen er ugyldig.', error);
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
      return sendError(reply, 414, 'VALIDATION_ERROR', 'Adressen er for lang.', error);
    return sendError(reply, 500, 'UNEXPECTED_ERROR', 'Noe gikk galt her.', error);
  };
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers or a query string over
 * 16 KB, a malformed request line, a request that did not arrive in time): answered with the error
 * body too, on the socket, which is then closed. Set as the `clientErrorHandler` option.
 */
export function answerClientError(headers: () => Readonly<Record<string, string>>, log: () => FastifyBaseLogger | null) {
  return (error: Error & { code?: string }, socket: Socket) => {
    // A connection reset by the client: there is nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, type, message]: [number, ErrorType, string] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'VALIDATION_ERROR', 'Adressen eller hodene i forespørselen er for store.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'TIMEOUT', 'Forespørselen kom ikke fram i tide.']
          : [400, 'VALIDATION_ERROR', 'Ugyldig forespørsel.'];
    const reference = randomUUID();
    log()?.info({ reference, type, status, err: error }, message);
    const body = JSON.stringify({ reference, type, message } satisfies ErrorBody);
    if (socket.writable) {
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'Connection: close',
        ...Object.entries(headers()).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}

/** Every error leaves as `{reference, type, message}`; the reference ties it to the logged cause. */
export function registerErrorHandling(app: FastifyInstance, notFound: (request: FastifyRequest, reply: FastifyReply) => unknown) {
  app.setErrorHandler((error, _request, reply) => {
    if (reply.raw.destroyed) {
      // The client went away while its answer was on the way (a page left mid-download, a map
      // page the app no longer needs): there is no one to answer and nothing is broken.
      reply.log.info({ err: error }, 'the client closed the connection before the answer was sent');
      return reply.hijack();
    }
    const { status, type, message } = classifyError(error as FastifyError);
    return sendError(reply, status, type, message, error);
  });
  app.setNotFoundHandler(notFound);
}
