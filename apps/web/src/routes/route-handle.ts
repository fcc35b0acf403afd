import { useMatches } from 'react-router';
import type { nb } from '../i18n/locales/nb.ts';

export type DocumentTitleKey = keyof typeof nb.documentTitle;
export type HelpKey = keyof typeof nb.help;

/** Route metadata: the document title, and the page's context help when it has one. */
export interface RouteHandle {
  title: DocumentTitleKey;
  help?: HelpKey;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value;
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}
