import type { SearchResponse } from '@fast/contracts';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.ts';
import type { Scope } from '../identity/identity.ts';
import { findRegisterVersion } from './search.repository.ts';

/**
 * The search list's answers, kept while nothing they answer from has changed: many operators of
 * one centre run the same searches during an incident, and the list asks for the same page again
 * on every return to it. A search costs the database a count, a ranked page and its rows (~12 ms of
 * its CPU for a word like "propan" at register scale); a kept answer costs one read of a number.
 *
 * The key is the register's version (migration register_version: every statement that writes the
 * facilities, their units or substances, the municipalities or anyone's access to them counts it
 * up, on any server process), the caller (user and organisation: their scope) and the search as
 * parsed. The version is read before the search's statements, so a kept answer is never older than
 * its version: an answer kept under a version is served only to requests that read that version,
 * that is, before the next change was committed.
 *
 * Only on a database read where it is written: a replica a moment behind the primary could pair an
 * old answer with a new version (app.ts creates no cache then).
 */
export interface SearchResultCache {
  /** The kept answer for this caller and search, or the one `compute` gives (kept for the next). */
  answer(db: Db, scope: Scope, search: unknown, compute: () => Promise<SearchResponse>): Promise<SearchResponse>;
}

// What a kept answer occupies, roughly: its hits as JSON and the objects around them.
const BYTES_PER_HIT = 700;
const BYTES_PER_ANSWER = 400;
// A bound on how long an answer occupies memory for nobody, not on how stale it may be.
const KEPT_FOR_MS = 10 * 60_000;

export function createSearchResultCache(maxBytes: number): SearchResultCache {
  const kept = new LRUCache<string, SearchResponse>({
    maxSize: maxBytes,
    sizeCalculation: (answer) => BYTES_PER_ANSWER + BYTES_PER_HIT * answer.hits.length,
    ttl: KEPT_FOR_MS,
    ttlAutopurge: false,
  });
  // The same search asked again while it runs waits for that run instead of starting another.
  const running = new Map<string, Promise<SearchResponse>>();
  return {
    async answer(db, scope, search, compute) {
      const key = JSON.stringify([await findRegisterVersion(db), scope.userId, scope.organisationNumber, search]);
      const found = kept.get(key) ?? running.get(key);
      if (found) return found;
      const computing = compute();
      running.set(key, computing);
      try {
        const answer = await computing;
        kept.set(key, answer);
        return answer;
      } finally {
        running.delete(key);
      }
    },
  };
}
