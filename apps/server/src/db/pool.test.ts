import { createServer, type Socket } from 'node:net';
import { REQUEST_TIMEOUT_MS } from '@fast/contracts';
import Fastify from 'fastify';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEveryConnection } from '../../test/hold-pool.ts';
import { registerErrorHandling } from '../plugins/errors.ts';
import { createPool } from './database.ts';

let pool: pg.Pool | null = null;
afterEach(async () => {
  vi.useRealTimers();
  await pool?.end();
  pool = null;
});

describe('the PostgreSQL pool', () => {
  it('gives up connecting to a server that does not answer after the connect time: 503, soon', async () => {
    // Accepts the connection and never says a word, as a server behind a dead link would.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const app = Fastify();
    registerErrorHandling(app, (_request, reply) => reply.code(404).send());
    try {
      const unreachable = createPool(`postgres://fast@127.0.0.1:${port}/postgres`, 200);
      pool = unreachable;
      app.get('/read', async () => (await unreachable.query('select 1')).rows);
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: '/read' });
      expect(performance.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS / 2);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ type: 'SERVICE_UNAVAILABLE' });
    } finally {
      await app.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'lets a request wait for a free connection as long as a request may, far past the connect time',
    async () => {
      pool = createPool(process.env.TEST_DATABASE_URL ?? '', 1_000);
      const taken = await holdEveryConnection(pool);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let settled: 'waiting' | 'got' | 'failed' = 'waiting';
      const next = pool.connect().then(
        (client) => {
          settled = 'got';
          return client;
        },
        (error: unknown) => {
          settled = 'failed';
          throw error;
        },
      );
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1_000);
      expect(settled).toBe('waiting');
      taken[0]?.release();
      const client = await next;
      expect(settled).toBe('got');
      client.release();
      for (const other of taken.slice(1)) other.release();
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)('fails a wait for a free connection at the request timeout', async () => {
    pool = createPool(process.env.TEST_DATABASE_URL ?? '', 1_000);
    const taken = await holdEveryConnection(pool);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const next = pool.connect();
    const failed = expect(next).rejects.toThrow(/timeout/i);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 1);
    await failed;
    for (const client of taken) client.release();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "answers a client's query(text, values) as pg's promise form does: rows, fields, a database error with its code and the caller's stack",
    async () => {
      pool = createPool(process.env.TEST_DATABASE_URL ?? '', 1_000);
      const client = await pool.connect();
      try {
        const result = await client.query<{ n: number; word: string }>('select $1::int as n, $2::text as word', [7, 'propan']);
        expect(result.rows).toEqual([{ n: 7, word: 'propan' }]);
        expect(result.fields.map((f) => f.name)).toEqual(['n', 'word']);
        expect(result.rowCount).toBe(1);
        expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
        const failed = await client.query('select 1 / $1::int', [0]).catch((error: unknown) => error);
        expect(failed).toMatchObject({ code: '22012' });
        // The stack leads back here, not only to the socket's read.
        expect((failed as Error).stack).toContain('pool.test.ts');
        // The connection is still good after the error.
        expect((await client.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
        // The callback form is pg's own.
        const viaCallback = await new Promise((resolve, reject) =>
          client.query('select 3 as three', (error, r) => (error ? reject(error) : resolve(r.rows))),
        );
        expect(viaCallback).toEqual([{ three: 3 }]);
      } finally {
        client.release();
      }
    },
  );
});
