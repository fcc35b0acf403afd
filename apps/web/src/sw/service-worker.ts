/**
 * The service worker, built to /sw.js by build-plugins/service-worker-plugin.ts, which puts
 * the precache list and version in front of this file. It caches the app shell only: the
 * data is restricted, so no answer from /api (nor /config, /idp, /js) ever enters a cache.
 */

declare const PRECACHE_URLS: readonly string[];
declare const CACHE_VERSION: string;

// The DOM library has no service worker types; these are the parts this file uses.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEventLike extends Event {
  readonly data: unknown;
}
interface ServiceWorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  readonly location: Location;
}

const scope = self as unknown as ServiceWorkerScope;
const CACHE = `fast-shell-${CACHE_VERSION}`;
const NEVER_CACHED = ['/api/', '/config', '/idp/', '/js/', '/healthz', '/auth/'];

scope.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...PRECACHE_URLS])));
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith('fast-shell-') && key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => scope.clients.claim()),
  );
});

// The page asks for the new version when the user accepts the reload offer.
scope.addEventListener('message', (event) => {
  if (typeof event.data === 'object' && event.data !== null && (event.data as { type?: unknown }).type === 'SKIP_WAITING') {
    void scope.skipWaiting();
  }
});

async function networkFirst(request: Request, fallbackUrl: string): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(fallbackUrl);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin) return;
  if (NEVER_CACHED.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, '/index.html'));
  } else if (url.pathname.startsWith('/assets/')) {
    // Hashed file names: a cached copy is always the right one.
    event.respondWith(cacheFirst(request));
  } else if (url.pathname.startsWith('/async-locales/')) {
    event.respondWith(networkFirst(request, url.pathname));
  }
});
