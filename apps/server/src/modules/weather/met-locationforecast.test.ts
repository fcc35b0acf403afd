import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { WIND_CREDIT } from '@fast/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { metLocationforecast } from './met-locationforecast.ts';

// A recorded answer of MET Norway's locationforecast/2.0/compact, in its shape (see the fixture).
const FIXTURE_PATH = join(import.meta.dirname, '../../../test/fixtures/met/locationforecast-compact.json');
const FIXTURE_TEXT = readFileSync(FIXTURE_PATH, 'utf8');

interface Details {
  wind_from_direction?: number;
  wind_speed?: number;
  [name: string]: number | undefined;
}
interface Compact {
  properties: {
    meta: { updated_at: string; units: Record<string, string> };
    timeseries: { time: string; data: { instant: { details: Details } } }[];
  };
}
const recorded = () => JSON.parse(FIXTURE_TEXT) as Compact;
const stepOf = (answer: Compact, time: string) => {
  const step = answer.properties.timeseries.find((s) => s.time === time);
  if (!step) throw new Error(`no step ${time} in the fixture`);
  return step.data.instant.details;
};

// ---------------------------------------------------------------------------------------------
// A local stand-in for api.met.no. 'silent' holds the request open and never answers; 'stall'
// sends the headers and never the body: an ask that did not time out would never end.
type Mode = 'ok' | 'silent' | 'stall' | 'error' | 'forbidden' | 'html';
const met = {
  mode: 'ok' as Mode,
  body: '',
  expires: null as string | null,
  requests: [] as { url: URL; headers: IncomingHttpHeaders }[],
};

function fakeMet(): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    met.requests.push({ url, headers: req.headers });
    if (url.pathname !== '/weatherapi/locationforecast/2.0/compact') return res.writeHead(404).end();
    switch (met.mode) {
      case 'silent':
        return;
      case 'stall':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.write('{"type":"Feature",');
      case 'error':
        return res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      case 'forbidden':
        return res.writeHead(403, { 'content-type': 'text/plain' }).end('403 Forbidden: missing identification');
      case 'html':
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    }
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (met.expires) headers.expires = met.expires;
    res.writeHead(200, headers).end(met.body);
  });
}

let server: Server;
let url: string;

beforeAll(async () => {
  server = fakeMet();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/weatherapi/locationforecast/2.0/compact`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  met.mode = 'ok';
  met.body = FIXTURE_TEXT;
  met.expires = null;
  met.requests = [];
});

const USER_AGENT = 'FAST/0.1 (+https://fast.example.no; postmottak@example.no)';
const AGOTNES = { latitude: 60.408712345, longitude: 5.010249999 };

function source(now: string, timeoutMs = 2_000) {
  return metLocationforecast({ url, timeoutMs, userAgent: USER_AGENT, now: () => Date.parse(now) });
}
const fakeLog = () => ({ info: vi.fn(), warn: vi.fn() });

describe('MET Norway locationforecast adapter', () => {
  it('asks for the point with four decimals and its User-Agent, and answers the step nearest to now, field by field', async () => {
    const log = fakeLog();
    const wind = await source('2026-05-12T10:20:00Z').windAt(AGOTNES, log);

    expect(met.requests).toHaveLength(1);
    const [request] = met.requests;
    expect(request?.url.searchParams.get('lat')).toBe('60.4087');
    expect(request?.url.searchParams.get('lon')).toBe('5.0102');
    expect([...(request?.url.searchParams.keys() ?? [])]).toEqual(['lat', 'lon']);
    expect(request?.headers['user-agent']).toBe(USER_AGENT);

    const answer = recorded();
    const details = stepOf(answer, '2026-05-12T10:00:00Z');
    expect(wind).toEqual({
      available: true,
      windFromDegrees: details.wind_from_direction,
      windSpeedMetresPerSecond: details.wind_speed,
      // 4.3 m/s = 15.48 km/h: ERG Table 3's moderate (10–20 km/h).
      windSpeed: 'moderate',
      validAt: new Date(answer.properties.timeseries[0]?.time ?? '').toISOString(),
      updatedAt: new Date(answer.properties.meta.updated_at).toISOString(),
      source: 'MET Norway',
      credit: WIND_CREDIT,
    });
    expect(wind).toMatchObject({ windFromDegrees: 203.4, windSpeedMetresPerSecond: 4.3, validAt: '2026-05-12T10:00:00.000Z' });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it.each([
    // now, the step used, its class
    ['2026-05-12T09:10:00Z', '2026-05-12T10:00:00Z', 'moderate'], // before the series: its first step, 50 minutes ahead
    ['2026-05-12T10:29:59Z', '2026-05-12T10:00:00Z', 'moderate'],
    ['2026-05-12T10:40:00Z', '2026-05-12T11:00:00Z', 'high'], // 6.1 m/s = 21.96 km/h
    ['2026-05-12T12:29:00Z', '2026-05-12T12:00:00Z', 'low'], // 2.6 m/s = 9.36 km/h
    ['2026-05-12T14:10:00Z', '2026-05-12T13:00:00Z', 'high'], // the step after is days ahead
    ['2026-05-14T23:30:00Z', '2026-05-15T00:00:00Z', 'low'], // a six-hour step, 30 minutes ahead
  ])('at %s uses the step of %s', async (now, time, windClass) => {
    const wind = await source(now).windAt(AGOTNES, fakeLog());
    const details = stepOf(recorded(), time);
    expect(wind).toMatchObject({
      available: true,
      validAt: new Date(time).toISOString(),
      windFromDegrees: details.wind_from_direction,
      windSpeedMetresPerSecond: details.wind_speed,
      windSpeed: windClass,
    });
  });

  it('never takes a step more than an hour ahead, nor one hours away from now: the user enters the wind', async () => {
    for (const now of ['2026-05-12T08:30:00Z', '2026-05-13T20:00:00Z', '2026-06-01T12:00:00Z']) {
      const log = fakeLog();
      expect(await source(now).windAt(AGOTNES, log)).toEqual({ available: false, reason: 'unavailable' });
      expect(log.warn).toHaveBeenCalledOnce();
    }
  });

  it.each([
    [9.9, 'low'],
    [10, 'moderate'],
    [20, 'moderate'],
    [20.1, 'high'],
  ])('classes %s km/h as %s (ERG Table 3: low < 10, moderate 10–20, high > 20)', async (kmh, windClass) => {
    const answer = recorded();
    const details = stepOf(answer, '2026-05-12T10:00:00Z');
    details.wind_speed = kmh / 3.6;
    met.body = JSON.stringify(answer);
    const wind = await source('2026-05-12T10:00:00Z').windAt(AGOTNES, fakeLog());
    expect(wind).toMatchObject({ available: true, windSpeedMetresPerSecond: kmh / 3.6, windSpeed: windClass });
  });

  it('answers timeout when MET does not answer within 2 s, and logs it', { timeout: 10_000 }, async () => {
    met.mode = 'silent';
    const log = fakeLog();
    expect(await source('2026-05-12T10:00:00Z', 2_000).windAt(AGOTNES, log)).toEqual({ available: false, reason: 'timeout' });
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ reason: 'timeout' }),
      'MET-værvarselet svarte ikke innen 2000 ms.',
    );
  });

  it('answers timeout when the body does not come in time either', async () => {
    met.mode = 'stall';
    expect(await source('2026-05-12T10:00:00Z', 300).windAt(AGOTNES, fakeLog())).toEqual({ available: false, reason: 'timeout' });
  });

  it.each<Mode>(['error', 'forbidden', 'html'])('answers unavailable when MET answers %s', async (mode) => {
    met.mode = mode;
    const log = fakeLog();
    expect(await source('2026-05-12T10:00:00Z').windAt(AGOTNES, log)).toEqual({ available: false, reason: 'unavailable' });
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ reason: 'unavailable' }), expect.any(String));
  });

  it('answers unavailable when MET cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = metLocationforecast({ url: `http://127.0.0.1:${port}/`, timeoutMs: 2_000, userAgent: USER_AGENT });
    expect(await unreachable.windAt(AGOTNES, fakeLog())).toEqual({ available: false, reason: 'unavailable' });
  });

  it.each([
    ['the nearest step has no wind direction', (a: Compact) => delete stepOf(a, '2026-05-12T10:00:00Z').wind_from_direction],
    ['the nearest step has no wind speed', (a: Compact) => delete stepOf(a, '2026-05-12T10:00:00Z').wind_speed],
    ['the wind is in other units', (a: Compact) => (a.properties.meta.units.wind_speed = 'km/h')],
    ['there is no updated_at', (a: Compact) => (a.properties.meta.updated_at = 'soon')],
    ['there is no time series', (a: Compact) => (a.properties.timeseries = undefined as never)],
  ])('answers unavailable when %s', async (_, change) => {
    const answer = recorded();
    change(answer);
    met.body = JSON.stringify(answer);
    expect(await source('2026-05-12T10:00:00Z').windAt(AGOTNES, fakeLog())).toEqual({ available: false, reason: 'unavailable' });
  });

  it('keeps a forecast until its Expires, and picks the step nearest to each ask from it', async () => {
    let now = Date.parse('2026-05-12T10:10:00Z');
    met.expires = new Date(now + 30 * 60_000).toUTCString();
    const cached = metLocationforecast({ url, timeoutMs: 2_000, userAgent: USER_AGENT, now: () => now });
    expect(await cached.windAt(AGOTNES, fakeLog())).toMatchObject({ validAt: '2026-05-12T10:00:00.000Z' });
    now += 25 * 60_000;
    expect(await cached.windAt({ latitude: 60.40871, longitude: 5.01024 }, fakeLog())).toMatchObject({
      validAt: '2026-05-12T11:00:00.000Z',
    });
    expect(met.requests).toHaveLength(1);
    await cached.windAt({ latitude: 60.3913, longitude: 5.3221 }, fakeLog());
    expect(met.requests).toHaveLength(2);
  });

  it('asks again without an Expires, and after a failure', async () => {
    const fresh = source('2026-05-12T10:00:00Z');
    await fresh.windAt(AGOTNES, fakeLog());
    await fresh.windAt(AGOTNES, fakeLog());
    expect(met.requests).toHaveLength(2);
    met.mode = 'error';
    met.expires = new Date(Date.now() + 30 * 60_000).toUTCString();
    await fresh.windAt(AGOTNES, fakeLog());
    met.mode = 'ok';
    expect(await fresh.windAt(AGOTNES, fakeLog())).toMatchObject({ available: true });
    expect(met.requests).toHaveLength(4);
  });
});
