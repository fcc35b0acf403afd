import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { type Db, poolOf } from './database.ts';

const CHANNEL = 'fast_changes';
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/** What changed: each names a per-process cache that must forget what it holds. */
export type ChangeTopic = 'access' | 'hazard-cards';
const TOPICS: readonly ChangeTopic[] = ['access', 'hazard-cards'];

export interface ChangeNotifier {
  /** Tells every server process on this database, this one included (this one at once). */
  publish(topic: ChangeTopic): Promise<void>;
  subscribe(topic: ChangeTopic, listener: () => void): void;
  /** False while the notification connection is down: caches then rely on their own expiry. */
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * Cache invalidation across server processes with PostgreSQL's LISTEN/NOTIFY: one connection of
 * its own listens; publishing is a `pg_notify` on the pool, delivered when its transaction
 * commits. If the listening connection drops, it reconnects with back-off and, once back, tells
 * every subscriber that something may have changed, since notifications sent meanwhile are lost.
 * Until then the caches' own expiry bounds how stale they can be. On PGlite only one process uses
 * the database, so publishing reaches this process' subscribers directly.
 */
export function createChangeNotifier(db: Db, log: FastifyBaseLogger): ChangeNotifier {
  const events = new EventEmitter();
  const emitAll = () => {
    for (const topic of TOPICS) events.emit(topic);
  };
  const pool = poolOf(db);
  if (!pool) {
    return {
      async publish(topic) {
        events.emit(topic);
      },
      subscribe: (topic, listener) => void events.on(topic, listener),
      listening: () => true,
      close: async () => {},
    };
  }

  let client: pg.Client | null = null;
  let connected = false;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    connected = false;
    client?.removeAllListeners();
    client?.end().catch(() => {});
    client = null;
    if (closed) return;
    timer = setTimeout(connect, delay);
    timer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  async function connect() {
    const next = new pg.Client(pool?.options);
    client = next;
    const lost = (error?: Error) => {
      if (client !== next) return;
      log.warn({ err: error }, 'change notifications: connection lost; caches fall back to their expiry');
      retry();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (TOPICS.includes(message.payload as ChangeTopic)) events.emit(message.payload as ChangeTopic);
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch (error) {
      if (client === next) {
        log.warn({ err: error }, 'change notifications: cannot listen; retrying');
        retry();
      }
      return;
    }
    const wasReconnect = delay > RECONNECT_MIN_MS;
    connected = true;
    delay = RECONNECT_MIN_MS;
    if (wasReconnect) emitAll();
  }
  void connect();

  return {
    async publish(topic) {
      events.emit(topic);
      await sql`select pg_notify(${CHANNEL}, ${topic})`.execute(db);
    },
    subscribe: (topic, listener) => void events.on(topic, listener),
    listening: () => connected,
    async close() {
      closed = true;
      clearTimeout(timer);
      const last = client;
      client = null;
      last?.removeAllListeners();
      await last?.end().catch(() => {});
    },
  };
}
