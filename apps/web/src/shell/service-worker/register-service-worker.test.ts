import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_WORKER_UPDATE_MS } from '../../config/constants.ts';
import { dismissToast, toastStore } from '../toasts/toast-store.ts';
import { registerServiceWorker } from './register-service-worker.ts';

/** A worker as the browser hands it out: a state, its change events, and messages posted to it. */
class FakeWorker extends EventTarget {
  state = 'installing';
  readonly postMessage = vi.fn();
  install(): void {
    this.state = 'installed';
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  readonly update = vi.fn(async () => undefined);
  found(worker: FakeWorker): void {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

let registration: FakeRegistration;
let container: EventTarget & { controller: object | null; register: ReturnType<typeof vi.fn> };
let online = true;

beforeEach(() => {
  vi.useFakeTimers();
  online = true;
  registration = new FakeRegistration();
  container = Object.assign(new EventTarget(), {
    controller: {} as object | null,
    register: vi.fn(async () => registration),
  });
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
});

afterEach(() => {
  for (const toast of toastStore.get()) dismissToast(toast.id);
  vi.clearAllTimers();
  vi.useRealTimers();
});

describe('the service worker', () => {
  it('registers /sw.js and checks for a new version every 300 s while online, not while offline', async () => {
    await registerServiceWorker();
    expect(container.register).toHaveBeenCalledWith('/sw.js');
    expect(SERVICE_WORKER_UPDATE_MS).toBe(300_000);

    vi.advanceTimersByTime(299_999);
    expect(registration.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(registration.update).toHaveBeenCalledTimes(1);

    online = false;
    vi.advanceTimersByTime(300_000);
    expect(registration.update).toHaveBeenCalledTimes(1);
    online = true;
    vi.advanceTimersByTime(300_000);
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('offers a reload when a new version is installed, and activates it when the user accepts', async () => {
    await registerServiceWorker();
    const worker = new FakeWorker();
    registration.found(worker);
    expect(toastStore.get()).toEqual([]);
    worker.install();

    const [offer] = toastStore.get();
    expect(offer).toMatchObject({ kind: 'confirm', message: { key: 'serviceWorker.updateReady' }, durationMs: null });
    expect(offer?.actions.map((action) => action.label)).toEqual(['serviceWorker.reload', 'serviceWorker.later']);

    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    offer?.actions[0]?.onClick();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a version already waiting at load, but no reload for the first install', async () => {
    registration.waiting = new FakeWorker();
    await registerServiceWorker();
    expect(toastStore.get()).toHaveLength(1);
    for (const toast of toastStore.get()) dismissToast(toast.id);

    container.controller = null; // a first visit: nothing to replace
    await registerServiceWorker();
    const worker = new FakeWorker();
    registration.found(worker);
    worker.install();
    expect(toastStore.get()).toEqual([]);
  });
});
