import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type UrlStateUpdate, useUrlState } from './use-url-state.ts';

// A count kept as ?n=; anything but digits reads as 0.
const codec = {
  parse: (params: URLSearchParams) => ({ n: /^\d+$/.test(params.get('n') ?? '') ? Number(params.get('n')) : 0 }),
  write: (state: { n: number }) => new URLSearchParams(state.n > 0 ? { n: String(state.n) } : {}),
};

function setUp(url: string) {
  const seen: { n: number }[] = [];
  let update: UrlStateUpdate<{ n: number }> = () => undefined;
  function Probe() {
    const [state, set] = useUrlState(codec);
    seen.push(state);
    update = set;
    return null;
  }
  const router = createMemoryRouter([{ path: '/', element: <Probe /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { seen, router, update: (...args: Parameters<typeof update>) => act(() => update(...args)) };
}

describe('useUrlState', () => {
  it('parses the URL and writes a change as a new history entry', async () => {
    const { seen, router, update } = setUp('/?n=2&junk=1');
    expect(seen.at(-1)).toEqual({ n: 2 });
    await update((s) => ({ n: s.n + 1 }));
    expect(seen.at(-1)).toEqual({ n: 3 });
    expect(router.state.location.search).toBe('?n=3');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('replaces the entry when asked, and reads what does not fit as the default', async () => {
    const { seen, router, update } = setUp('/?n=abc');
    expect(seen.at(-1)).toEqual({ n: 0 });
    await update(() => ({ n: 5 }), { replace: true });
    expect(router.state.location.search).toBe('?n=5');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
