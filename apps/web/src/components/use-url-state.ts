import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** How a screen's state is read from and written to the query string (both sides typed). */
export interface UrlCodec<State> {
  /** Forgiving: what does not fit is left out, never an error. */
  parse: (params: URLSearchParams) => State;
  write: (state: State) => URLSearchParams;
}

export type UrlStateUpdate<State> = (next: (state: State) => State, options?: { replace?: boolean }) => void;

/**
 * A screen's state as the URL holds it, so that back and forward, a reload and a shared link
 * restore it; and a way to change it (a new history entry unless `replace`). The state is parsed
 * once per URL, and an update starts from the URL's state at that moment.
 */
export function useUrlState<State>(codec: UrlCodec<State>): [State, UrlStateUpdate<State>] {
  const [params, setParams] = useSearchParams();
  const { parse, write } = codec;
  const state = useMemo(() => parse(params), [parse, params]);
  const update = useCallback<UrlStateUpdate<State>>(
    (next, options) => {
      setParams((current) => write(next(parse(current))), {
        replace: options?.replace ?? false,
        preventScrollReset: true,
      });
    },
    [parse, write, setParams],
  );
  return [state, update];
}
