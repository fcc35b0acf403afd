import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';

/** A Fastify app whose log lines are collected, with the error handling under test. */
function appWithLog() {
  const lines: { level: number; msg: string; type?: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  registerErrorHandling(app, (_request, reply) => reply.code(404).send());
  return { app, lines };
}

describe('error handling', () => {
  it('answers an unexpected failure with the error body, logged as an error with its reference', async () => {
    const { app, lines } = appWithLog();
    app.get('/boom', async () => {
      throw new Error('kaboom');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({ reference: expect.any(String), type: 'UNEXPECTED_ERROR', message: 'Noe gikk galt her.' });
    expect(lines.find((l) => l.level === 50)).toMatchObject({ type: 'UNEXPECTED_ERROR', reference: body.reference });
  });

  it('answers a value the database refuses (its class 22, data exception) as a bad request, not as a failure', async () => {
    const { app } = appWithLog();
    app.get('/date', async () => {
      throw Object.assign(new Error('timestamp out of range'), { code: '22008' });
    });
    app.get('/other', async () => {
      throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    });
    const date = await app.inject({ method: 'GET', url: '/date' });
    expect(date.statusCode).toBe(400);
    expect(date.json()).toMatchObject({ type: 'VALIDATION_ERROR', message: 'Ugyldig verdi i forespørselen.' });
    // Other classes (a constraint, say) are the server's to foresee: a failure, logged as an error.
    expect((await app.inject({ method: 'GET', url: '/other' })).statusCode).toBe(500);
  });

  it('logs a client that left before its answer was sent as information, not as an error', async () => {
    const { app, lines } = appWithLog();
    app.get('/left', async (_request, reply) => {
      // What a compressed stream reports when its socket closes under it.
      reply.raw.destroy();
      throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    });
    await app.inject({ method: 'GET', url: '/left' }).catch(() => undefined);
    await app.close();
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.map((l) => l.msg)).toContain('the client closed the connection before the answer was sent');
  });
});
