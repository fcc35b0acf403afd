import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteHandle } from './route-handle.ts';

/** Sets document.title from the route's metadata on every navigation and language change. */
export function DocumentTitle() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const title = t(`documentTitle.${handle?.title ?? 'landing'}`);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
