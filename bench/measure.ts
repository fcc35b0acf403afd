/** What the latency benchmarks share: their server's environment, quantiles, formatting and interleaved timing. */

/** A server for measuring: silent, no demo data, a rate limit no benchmark reaches. */
export const BENCH_SERVER_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://localhost:8080',
  WEB_DIST: '/nonexistent',
  DEMO_DATA: 'off',
  RATE_LIMIT_PER_USER_PER_MINUTE: '100000000',
  RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
};

export const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
/** The SQL's and the API's p50 and p95: [sql p50, api p50, sql p95, api p95]. */
export const medianAndTail = (sqlTimes: number[], apiTimes: number[]) =>
  [quantile(sqlTimes, 0.5), quantile(apiTimes, 0.5), quantile(sqlTimes, 0.95), quantile(apiTimes, 0.95)] as const;
export const ms = (v: number) => `${v.toFixed(1)} ms`;
export const pad = (s: string, n: number) => s.padEnd(n);

export async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * The SQL's and the API's time of one round, alternating which goes first, so that both see the
 * same caches and load.
 */
export async function interleaved(
  round: number,
  sql: () => Promise<number>,
  api: () => Promise<number>,
): Promise<{ sqlTime: number; apiTime: number }> {
  if (round % 2 === 0) {
    const sqlTime = await sql();
    return { sqlTime, apiTime: await api() };
  }
  const apiTime = await api();
  return { sqlTime: await sql(), apiTime };
}

/** Waits until a server process answers /healthz (up to two minutes); throws if it exits first. */
export async function untilHealthy(url: string, child: { exitCode: number | null }, stderr: () => string): Promise<void> {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr()}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}
