import type { ErrorBody, MapFacility, SearchFilterPayload } from '@fast/contracts';
import type { ApiErrorKind } from '../../api/api-error.ts';
import type { Credentials } from '../../api/fetch-api.ts';
import type { ClusterFeature } from './facility-index.ts';

/**
 * Messages between the page and the map-data worker (map-data.worker.ts), which fetches the
 * map's facilities, parses and clusters them off the page's main thread, and keeps them.
 */

/** Every facility of the scope, or those of a search (specification sections 4 and 5). */
export type MapDataSource = { kind: 'all' } | { kind: 'filtered'; filter: SearchFilterPayload };

export interface SerialisedApiError {
  kind: ApiErrorKind;
  status: number | null;
  body: ErrorBody | null;
  message: string;
}

export type MapDataQuestion =
  | { type: 'clusters'; bbox: [number, number, number, number]; zoom: number }
  /** Every facility at the exact position of this one (itself included), by id; none if unknown. */
  | { type: 'samePosition'; facilityId: number }
  | { type: 'expansionZoom'; clusterId: number };

export interface MapDataAnswers {
  clusters: ClusterFeature[];
  samePosition: MapFacility[];
  expansionZoom: number;
}

export type ToWorker =
  | { type: 'load'; loadId: number; source: MapDataSource; credentials: Credentials }
  | { type: 'cancel'; loadId: number }
  | { type: 'release'; loadId: number }
  | { type: 'ask'; loadId: number; questionId: number; question: MapDataQuestion };

export type FromWorker =
  | { type: 'progress'; loadId: number; loaded: number; total: number }
  | { type: 'fetched'; loadId: number }
  | { type: 'ready'; loadId: number; size: number; bounds: [number, number, number, number] | null }
  | { type: 'failed'; loadId: number; error: SerialisedApiError | null }
  | { type: 'answer'; questionId: number; answer: MapDataAnswers[MapDataQuestion['type']] | undefined };
