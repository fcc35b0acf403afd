import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, toastStore } from './toast-store.ts';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toastStore.set([]);
  });
  afterEach(() => vi.useRealTimers());

  it.each([
    ['positive', () => toast.positive({ key: 'search.resetDone' }), 2_500],
    ['error', () => toast.error({ key: 'errors.TIMEOUT' }), 30_000],
    ['default', () => toast.info({ key: 'serviceWorker.updateReady' }), 5_000],
  ])('closes a %s toast after its time', (_kind, show, ms) => {
    show();
    vi.advanceTimersByTime(ms - 1);
    expect(toastStore.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastStore.get()).toHaveLength(0);
  });

  it('never closes a confirm toast by itself', () => {
    toast.confirm({ key: 'serviceWorker.updateReady' }, [{ label: 'serviceWorker.reload', onClick: () => undefined }]);
    vi.advanceTimersByTime(3_600_000);
    expect(toastStore.get()).toMatchObject([{ kind: 'confirm', durationMs: null }]);
  });

  it('shows a repeated failure once', () => {
    toast.error({ key: 'errors.UNEXPECTED_ERROR' });
    toast.error({ key: 'errors.UNEXPECTED_ERROR' });
    expect(toastStore.get()).toHaveLength(1);
  });
});
