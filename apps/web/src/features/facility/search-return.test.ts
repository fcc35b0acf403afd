import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastSearchUrl, rememberSearch, searchReturnState } from './search-return.ts';

type Entry = { url: string; index: number };
function fakeNavigation(urls: string[], current = urls.length - 1) {
  const entries: Entry[] = urls.map((url, index) => ({ url: new URL(url, window.location.origin).href, index }));
  vi.stubGlobal('navigation', { entries: () => entries, currentEntry: entries[current] ?? null });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('lastSearchUrl', () => {
  it('is an empty search when nothing is known', () => {
    expect(lastSearchUrl(null)).toBe('/search');
  });

  it('takes the search the link to the facility carried, and keeps it for a reload', () => {
    expect(lastSearchUrl({ searchUrl: '/search?q=propan&area=03' })).toBe('/search?q=propan&area=03');
    expect(lastSearchUrl(null)).toBe('/search?q=propan&area=03');
  });

  it("finds the nearest earlier /search entry of the tab's history", () => {
    fakeNavigation(['/', '/search?q=a', '/search?q=b&page=2', '/anlegg/7', '/kart/7', '/anlegg/7']);
    expect(lastSearchUrl(null)).toBe('/search?q=b&page=2');
  });

  it('ignores later entries (after going back) and entries of other pages', () => {
    fakeNavigation(['/', '/access', '/anlegg/7', '/search?q=later'], 2);
    expect(lastSearchUrl(null)).toBe('/search');
  });

  it('never leads outside the app or to another page', () => {
    for (const url of [
      '//evil.example/search',
      'https://evil.example/search?q=x',
      '/searchx',
      '/search/../admin',
      'javascript:alert(1)',
    ]) {
      expect(lastSearchUrl({ searchUrl: url })).toBe('/search');
      rememberSearch(url);
      expect(lastSearchUrl(null)).toBe('/search');
    }
  });
});

describe('searchReturnState', () => {
  it('carries the search only from the search page', () => {
    expect(searchReturnState({ pathname: '/search', search: '?q=gass' })).toEqual({ searchUrl: '/search?q=gass' });
    expect(searchReturnState({ pathname: '/kart', search: '?q=gass' })).toBeUndefined();
  });
});
