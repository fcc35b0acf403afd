import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { searchQueries } from '../../api/search-queries.ts';
import { useStore } from '../../lib/store.ts';
import { parseSearchParams, searchPayload, searchPayloadFromParams } from '../../routes/links.ts';
import type { MapData } from '../map-kit/map-data.ts';
import { MAP_MARKS, mapFetchProgress, mapQueries } from '../map-kit/map-queries.ts';
import type { MapView } from '../map-kit/map-view.ts';

export type LoadState =
  | { phase: 'fetching'; loaded: number; total: number | null }
  | { phase: 'drawing'; total: number }
  | { phase: 'ready'; count: number }
  | { phase: 'failed' };

export interface MapFacilities {
  /** The facilities on the map (once painted: `load.phase` is ready). */
  data: MapData | null;
  load: LoadState;
  /** The map shows a search's facilities, not all of the scope. */
  filtered: boolean;
  /** The URL carries a search that has no hits: the map shows all facilities. */
  searchWithoutHits: boolean;
  retry(): void;
}

/**
 * The facilities of the map, painted on it: every facility of the scope (fetched ahead when the
 * organisation was chosen), or those of the search in the URL (/kart?…, written by "Vis i kart").
 * Specification section 5: the search's facilities are loaded only when a filter or query is in
 * use and that search, the last one, had more than 0 hits; it is the search screen's own query
 * (first page), so coming from the search asks nothing again.
 */
export function useMapFacilities(map: MapView | null, organisationNumber: string, params: URLSearchParams): MapFacilities {
  const requested = useMemo(() => searchPayloadFromParams(params), [params]);
  const active = requested !== null;
  const hits = useQuery({
    ...searchQueries.search(organisationNumber, searchPayload(parseSearchParams(params))),
    enabled: active,
  });
  const totalHits = active && !hits.isPlaceholderData ? hits.data?.totalHits : undefined;
  const filter = totalHits !== undefined && totalHits > 0 ? requested : null;
  const showAll = !active || totalHits === 0;

  const all = useQuery({ ...mapQueries.facilities(organisationNumber), enabled: showAll });
  const filtered = useQuery(mapQueries.filtered(organisationNumber, filter));
  const facilities = filter ? filtered : all;
  const progress = useStore(mapFetchProgress);

  const [shown, setShown] = useState<MapData | null>(null);
  const [painted, setPainted] = useState<MapData | null>(null);
  const data = showAll || filter ? facilities.data : undefined;
  useEffect(() => {
    if (!map || !data) return;
    let cancelled = false;
    setPainted(null);
    setShown(data);
    void map.setData(data).then(() => {
      if (cancelled) return;
      performance.mark(MAP_MARKS.painted);
      setPainted(data);
    });
    return () => {
      cancelled = true;
    };
  }, [map, data]);

  const failed = (active && hits.isError) || facilities.isError;
  // A failed refresh keeps the facilities already drawn (the failure itself is a toast).
  const load: LoadState = !data
    ? failed
      ? { phase: 'failed' }
      : showAll && progress && progress.loaded === progress.total
        ? { phase: 'drawing', total: progress.total }
        : { phase: 'fetching', loaded: showAll ? (progress?.loaded ?? 0) : 0, total: showAll ? (progress?.total ?? null) : null }
    : painted === null || painted !== shown
      ? { phase: 'drawing', total: data.size }
      : { phase: 'ready', count: painted.size };

  return {
    data: shown,
    load,
    filtered: filter !== null,
    searchWithoutHits: totalHits === 0,
    retry: () => void (active && hits.isError ? hits.refetch() : facilities.refetch()),
  };
}
