import { PATHS } from '../../config/constants.ts';

/**
 * "Tilbake til søket" must bring the search back as it was: the search state lives in the URL
 * of /search, so the way back is the last /search URL this tab showed. It is found, in order:
 * in the history state the link to the facility carried (`{ searchUrl }`), among the tab's
 * earlier history entries (Navigation API), or in session storage, where every find is kept
 * so that it survives a reload of the facility page.
 */
const STORAGE_KEY = 'fast.lastSearch';

/** Only a same-origin /search URL: never an open redirect. */
function asSearchUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith(PATHS.search)) return null;
  const rest = value.slice(PATHS.search.length);
  return rest === '' || rest.startsWith('?') ? value : null;
}

/** What the link to a facility may carry: `navigate(PATHS.facility(id), { state: searchReturnState(location) })`. */
export function searchReturnState(location: { pathname: string; search: string }): { searchUrl: string } | undefined {
  return location.pathname === PATHS.search ? { searchUrl: `${PATHS.search}${location.search}` } : undefined;
}

export function rememberSearch(url: string): void {
  const searchUrl = asSearchUrl(url);
  if (!searchUrl) return;
  try {
    sessionStorage.setItem(STORAGE_KEY, searchUrl);
  } catch {
    // Storage may be off (private mode); the other sources still work.
  }
}

interface HistoryEntry {
  url: string | null;
  index: number;
}
interface NavigationLike {
  entries(): HistoryEntry[];
  currentEntry: HistoryEntry | null;
}

/** The nearest earlier entry of this tab that showed /search (Chromium, Firefox and Safari have the Navigation API). */
function searchInTabHistory(): string | null {
  const navigation = (window as { navigation?: NavigationLike }).navigation;
  if (!navigation?.currentEntry) return null;
  const current = navigation.currentEntry.index;
  const earlier = navigation.entries().filter((entry) => entry.index < current && entry.url);
  for (const entry of earlier.reverse()) {
    const url = new URL(entry.url ?? '', window.location.origin);
    if (url.origin !== window.location.origin) continue;
    const found = asSearchUrl(`${url.pathname}${url.search}`);
    if (found) return found;
  }
  return null;
}

function searchInStorage(): string | null {
  try {
    return asSearchUrl(sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Where "back to search" leads: the last search of this tab, or an empty search. */
export function lastSearchUrl(historyState: unknown): string {
  const carried =
    typeof historyState === 'object' && historyState !== null
      ? asSearchUrl((historyState as { searchUrl?: unknown }).searchUrl)
      : null;
  const found = carried ?? searchInTabHistory();
  if (found) {
    rememberSearch(found);
    return found;
  }
  return searchInStorage() ?? PATHS.search;
}
