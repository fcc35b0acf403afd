import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { platformQueries } from '../../api/platform-queries.ts';

/** Adds the analytics script (proxied by the server at /js/script.js) only when the config names a domain. */
export function Analytics() {
  const { data } = useQuery(platformQueries.frontendConfig());
  const domain = data?.analyticsDomain;
  useEffect(() => {
    if (!domain || document.querySelector('script[data-analytics]')) return;
    const script = document.createElement('script');
    script.defer = true;
    script.src = '/js/script.js';
    script.dataset.domain = domain;
    script.dataset.api = '/js/event';
    script.dataset.analytics = '';
    document.head.append(script);
  }, [domain]);
  return null;
}
