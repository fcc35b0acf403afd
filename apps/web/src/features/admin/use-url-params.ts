import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The console's filters and tabs live in the URL, so back/forward and a shared link work. Setting
 * values replaces the history entry for typing, and resets paging unless the page itself changes.
 */
export function useUrlParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const get = useCallback((name: string) => searchParams.get(name) ?? '', [searchParams]);
  const set = useCallback(
    (values: Record<string, string | null>, { keepPage = false } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(values)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          if (!keepPage && !('side' in values)) next.delete('side');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  return { get, set };
}
