/** Resolves once `condition` holds, checking every `intervalMs`; rejects when `signal` aborts. */
export function waitUntil(condition: () => boolean, intervalMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (condition()) return resolve();
    const timer = setInterval(() => {
      if (!condition()) return;
      clearInterval(timer);
      resolve();
    }, intervalMs);
    signal?.addEventListener('abort', () => {
      clearInterval(timer);
      reject(signal.reason);
    });
  });
}
