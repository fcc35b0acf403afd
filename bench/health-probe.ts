/**
 * `GET /healthz`, one at a time, every PROBE_EVERY_MS while a load runs: its latency is how long
 * the server's event loop keeps a request that needs nothing waiting (the embedded database must
 * not stall it). Stop it with the function it returns; that resolves to p50, p99 and max in ms.
 */
const PROBE_EVERY_MS = 50;

export interface HealthLatency {
  probes: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

export function probeHealth(base: string): () => Promise<HealthLatency> {
  const times: number[] = [];
  let failed = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await fetch(`${base}/healthz`).then(
        async (response) => {
          await response.arrayBuffer();
          return response.ok;
        },
        () => false,
      );
      if (ok) times.push(performance.now() - started);
      else failed++;
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  return async () => {
    running = false;
    await loop;
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN) * 10) / 10;
    return { probes: times.length, failed, p50: at(0.5), p99: at(0.99), max: at(1) };
  };
}
