import type { MapFacility } from '@fast/contracts';
import { ApiError } from '../../api/api-error.ts';
import { requestEnded, requestStarted } from '../../api/in-flight.ts';
import { requestContext } from '../../api/request-context.ts';
import { reportError } from '../../shell/toasts/report-error.ts';
import { toast } from '../../shell/toasts/toast-store.ts';
import type { ClusterFeature } from './facility-index.ts';
import type { FromWorker, MapDataAnswers, MapDataQuestion, MapDataSource, ToWorker } from './map-data-protocol.ts';
import type { FetchProgress } from './map-pages.ts';

interface PendingLoad {
  resolve: (data: MapData) => void;
  reject: (error: unknown) => void;
  onProgress: (progress: FetchProgress) => void;
  onFetched: () => void;
}

let worker: Worker | null = null;
let lastId = 0;
const loads = new Map<number, PendingLoad>();
const questions = new Map<number, (answer: unknown) => void>();

function post(message: ToWorker): void {
  mapDataWorker().postMessage(message);
}

/**
 * A failure of the map data with no answer of the server behind it: the worker stopped, or failed
 * on something else than the API. Its message is for developers; users see the catalogue's
 * generic text (section 8), never the browser's own words.
 */
export class MapDataError extends Error {
  override readonly name = 'MapDataError';
}

function fail(loadId: number, error: ApiError | MapDataError): void {
  const pending = loads.get(loadId);
  if (!pending) return;
  loads.delete(loadId);
  if (error instanceof ApiError) reportError(error);
  else toast.error({ key: 'errors.UNEXPECTED_ERROR' });
  pending.reject(error);
}

/** One worker for the page, started by the first load (the organisation's prefetch, section 4). */
function mapDataWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./map-data.worker.ts', import.meta.url), { type: 'module', name: 'fast-map-data' });
  started.onmessage = ({ data: message }: MessageEvent<FromWorker>) => {
    if (message.type === 'answer') {
      questions.get(message.questionId)?.(message.answer);
      questions.delete(message.questionId);
      return;
    }
    const pending = loads.get(message.loadId);
    if (!pending) return;
    switch (message.type) {
      case 'progress':
        pending.onProgress({ loaded: message.loaded, total: message.total });
        break;
      case 'fetched':
        pending.onFetched();
        break;
      case 'ready':
        loads.delete(message.loadId);
        pending.resolve(new MapData(message.loadId, message.size, message.bounds));
        break;
      case 'failed': {
        const { error } = message;
        fail(
          message.loadId,
          error
            ? new ApiError(error.kind, error.status, error.body, error.message)
            : new MapDataError('map data: the worker failed without an API error'),
        );
        break;
      }
    }
  };
  // The worker could not start (or died): every load in progress fails, and the next one starts anew.
  started.onerror = (event) => {
    event.preventDefault();
    worker = null;
    started.terminate();
    const stopped = new MapDataError('map data: the worker stopped', { cause: event.message });
    for (const loadId of [...loads.keys()]) fail(loadId, stopped);
    for (const settle of questions.values()) settle(undefined);
    questions.clear();
  };
  worker = started;
  return started;
}

/**
 * The map's facilities as the map-data worker keeps them: their number and extent here, the
 * clusters of a view and single facilities asked for when needed. Released when its query is
 * dropped or loaded anew (map-queries.ts).
 */
export class MapData {
  readonly loadId: number;
  /** Facilities on the map. */
  readonly size: number;
  /** [west, south, east, north] of all of them; null when there are none. */
  readonly bounds: [number, number, number, number] | null;

  constructor(loadId: number, size: number, bounds: [number, number, number, number] | null) {
    this.loadId = loadId;
    this.size = size;
    this.bounds = bounds;
  }

  private ask<K extends MapDataQuestion['type']>(
    question: Extract<MapDataQuestion, { type: K }>,
  ): Promise<MapDataAnswers[K] | undefined> {
    const questionId = ++lastId;
    return new Promise((resolve) => {
      questions.set(questionId, resolve as (answer: unknown) => void);
      post({ type: 'ask', loadId: this.loadId, questionId, question });
    });
  }

  /** The clusters and points to draw for a view; none once released. */
  async clusters(bbox: [number, number, number, number], zoom: number): Promise<ClusterFeature[]> {
    return (await this.ask({ type: 'clusters', bbox, zoom })) ?? [];
  }

  /** Every facility at the exact position of this one (itself included), by id; none if it is not on the map. */
  async samePosition(facilityId: number): Promise<MapFacility[]> {
    return (await this.ask({ type: 'samePosition', facilityId })) ?? [];
  }

  async expansionZoom(clusterId: number): Promise<number | null> {
    return (await this.ask({ type: 'expansionZoom', clusterId })) ?? null;
  }

  release(): void {
    worker?.postMessage({ type: 'release', loadId: this.loadId } satisfies ToWorker);
  }
}

/**
 * Fetches, parses and clusters the map's facilities in the worker. Counted as a request in
 * flight (the global progress indicator) and reported like the HTTP client's failures; a
 * cancelled load is dropped in the worker and never reported.
 */
export function loadMapData(
  source: MapDataSource,
  options: { signal: AbortSignal; onProgress?: (progress: FetchProgress) => void; onFetched?: () => void },
): Promise<MapData> {
  const loadId = ++lastId;
  const context = requestContext();
  requestStarted('POST');
  const loaded = new Promise<MapData>((resolve, reject) => {
    loads.set(loadId, {
      resolve,
      reject,
      onProgress: options.onProgress ?? (() => {}),
      onFetched: options.onFetched ?? (() => {}),
    });
    options.signal.addEventListener(
      'abort',
      () => {
        if (!loads.delete(loadId)) return;
        post({ type: 'cancel', loadId });
        reject(options.signal.reason);
      },
      { once: true },
    );
    post({
      type: 'load',
      loadId,
      source,
      credentials: { accessToken: context.accessToken(), organisationNumber: context.organisationNumber() },
    });
  });
  return loaded.finally(() => requestEnded('POST'));
}
