/// <reference lib="webworker" />
import type { MapFacilityTuple } from '@fast/contracts';
import { ApiError } from '../../api/api-error.ts';
import { type Credentials, fetchApi } from '../../api/fetch-api.ts';
import { FacilityIndex } from './facility-index.ts';
import type { FromWorker, MapDataAnswers, MapDataQuestion, MapDataSource, ToWorker } from './map-data-protocol.ts';
import { fetchAllMapFacilities, fetchFilteredFacilities, type PostJson } from './map-pages.ts';

/**
 * The map's facilities off the page's main thread: fetched page by page, parsed and clustered
 * here while the page starts MapLibre, then kept here; the page asks for the clusters of its view
 * and for single facilities (map-data.ts). 100 000 facilities take about a second of CPU to
 * parse and cluster, which the page would otherwise spend frozen.
 */
declare const self: DedicatedWorkerGlobalScope;

const loads = new Map<number, AbortController>();
const indexes = new Map<number, FacilityIndex>();
const send = (message: FromWorker) => self.postMessage(message);

async function load(loadId: number, source: MapDataSource, credentials: Credentials): Promise<void> {
  const controller = new AbortController();
  loads.set(loadId, controller);
  const post: PostJson = (path, body, signal) => fetchApi('POST', path, credentials, { body, signal });
  try {
    const tuples: MapFacilityTuple[] =
      source.kind === 'all'
        ? await fetchAllMapFacilities(
            post,
            ({ loaded, total }) => send({ type: 'progress', loadId, loaded, total }),
            controller.signal,
          )
        : await fetchFilteredFacilities(post, source.filter, controller.signal);
    send({ type: 'fetched', loadId });
    const index = new FacilityIndex(tuples);
    if (controller.signal.aborted) return;
    indexes.set(loadId, index);
    send({ type: 'ready', loadId, size: index.size, bounds: index.bounds() });
  } catch (error) {
    if (controller.signal.aborted) return;
    const serialised =
      error instanceof ApiError ? { kind: error.kind, status: error.status, body: error.body, message: error.message } : null;
    send({ type: 'failed', loadId, error: serialised });
  } finally {
    loads.delete(loadId);
  }
}

function answer(index: FacilityIndex, question: MapDataQuestion): MapDataAnswers[MapDataQuestion['type']] {
  switch (question.type) {
    case 'clusters':
      return index.clusters(question.bbox, question.zoom);
    case 'samePosition': {
      const facility = index.get(question.facilityId);
      return facility ? index.samePosition(facility) : [];
    }
    case 'expansionZoom':
      return index.expansionZoom(question.clusterId);
  }
}

self.onmessage = ({ data: message }: MessageEvent<ToWorker>) => {
  switch (message.type) {
    case 'load':
      void load(message.loadId, message.source, message.credentials);
      break;
    case 'cancel':
      loads.get(message.loadId)?.abort();
      break;
    case 'release':
      loads.get(message.loadId)?.abort();
      indexes.delete(message.loadId);
      break;
    case 'ask': {
      const index = indexes.get(message.loadId);
      send({ type: 'answer', questionId: message.questionId, answer: index ? answer(index, message.question) : undefined });
      break;
    }
  }
};
