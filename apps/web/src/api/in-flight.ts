import { createStore, useStore } from '../lib/store.ts';

/** Requests in flight per lower-cased method ("get", "post"), for the global progress indicator. */
export const inFlightStore = createStore<Readonly<Record<string, number>>>({});

export function requestStarted(method: string): void {
  const key = method.toLowerCase();
  inFlightStore.set((counts) => ({ ...counts, [key]: (counts[key] ?? 0) + 1 }));
}

export function requestEnded(method: string): void {
  const key = method.toLowerCase();
  inFlightStore.set((counts) => ({ ...counts, [key]: Math.max(0, (counts[key] ?? 0) - 1) }));
}

export function isMethodActive(method: string): boolean {
  return (inFlightStore.get()[method.toLowerCase()] ?? 0) > 0;
}

export function useAnyRequestInFlight(): boolean {
  return useStore(inFlightStore, (counts) => Object.values(counts).some((count) => count > 0));
}
