import type { FrontendConfig } from '@fast/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { platformQueries } from '../../api/platform-queries.ts';
import { Analytics } from './analytics.tsx';

function renderWith(analyticsDomain: string | null) {
  const client = new QueryClient();
  const config: FrontendConfig = {
    environment: 'test',
    analyticsDomain,
    contact: {
      name: 'DSB',
      postalAddress: 'Postboks 2014',
      phone: '33412500',
      email: 'post@dsb.no',
      organizationNumber: '974760983',
    },
    mapStyleUrl: null,
  };
  client.setQueryData(platformQueries.frontendConfig().queryKey, config);
  render(
    <QueryClientProvider client={client}>
      <Analytics />
    </QueryClientProvider>,
  );
}

describe('analytics', () => {
  afterEach(() => {
    for (const script of document.querySelectorAll('script[data-analytics]')) script.remove();
  });

  it('loads no script when no domain is configured', () => {
    renderWith(null);
    expect(document.querySelector('script[src="/js/script.js"]')).toBeNull();
  });

  it('loads /js/script.js for the configured domain', () => {
    renderWith('fast.dsb.no');
    const script = document.querySelector<HTMLScriptElement>('script[src="/js/script.js"]');
    expect(script?.dataset.domain).toBe('fast.dsb.no');
    expect(script?.dataset.api).toBe('/js/event');
  });
});
