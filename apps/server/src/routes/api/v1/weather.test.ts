import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { WIND_CREDIT, type WindResponse } from '@fast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../../../test/expectations.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';

// MET Norway's locationforecast/2.0/compact, as recorded (test/fixtures/met), its times moved so
// that its first step is the moment it is asked for: the step nearest to now.
interface Compact {
  properties: {
    meta: { updated_at: string };
    timeseries: { time: string; data: { instant: { details: { wind_from_direction: number; wind_speed: number } } } }[];
  };
}
const FIXTURE = readFileSync(join(import.meta.dirname, '../../../../test/fixtures/met/locationforecast-compact.json'), 'utf8');

function shiftedToNow(): Compact {
  const answer = JSON.parse(FIXTURE) as Compact;
  const first = answer.properties.timeseries[0];
  if (!first) throw new Error('empty fixture');
  const offset = Date.now() - Date.parse(first.time);
  const shift = (time: string) => new Date(Date.parse(time) + offset).toISOString().replace('.000Z', 'Z');
  answer.properties.meta.updated_at = shift(answer.properties.meta.updated_at);
  for (const step of answer.properties.timeseries) step.time = shift(step.time);
  return answer;
}

const met = { served: [] as Compact[], requests: [] as { url: URL; headers: IncomingHttpHeaders }[] };

function fakeMet(): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    met.requests.push({ url, headers: req.headers });
    const answer = shiftedToNow();
    met.served.push(answer);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
}

const USER_AGENT = 'FAST-test/1.0 (+https://fast.example.no; drift@example.no)';
const AGOTNES = { latitude: '60.40871234', longitude: '5.0102' };

describe('GET /api/v1/weather/wind without a weather service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 200 not-configured, so that the user enters the wind', async () => {
    const headers = await t.headersFor('vest.110', DEMO_ORGANISATIONS.vest110.organisation_number);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/weather/wind', query: AGOTNES, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ available: false, reason: 'not-configured' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/v1/weather/wind with MET Norway', () => {
  let t: TestApp;
  let server: Server;
  let headers: Record<string, string>;

  beforeAll(async () => {
    server = fakeMet();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({
      WEATHER_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/weatherapi/locationforecast/2.0/compact`,
      WEATHER_USER_AGENT: USER_AGENT,
    });
    headers = await t.headersFor('vest.110', DEMO_ORGANISATIONS.vest110.organisation_number);
  });
  afterAll(async () => {
    await t?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('answers the wind at the point from the forecast step nearest to now, field by field', async () => {
    met.requests = [];
    met.served = [];
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/weather/wind', query: AGOTNES, headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');

    expect(met.requests).toHaveLength(1);
    const [request] = met.requests;
    expect(request?.url.pathname).toBe('/weatherapi/locationforecast/2.0/compact');
    expect(request?.url.searchParams.get('lat')).toBe('60.4087');
    expect(request?.url.searchParams.get('lon')).toBe('5.0102');
    expect(request?.headers['user-agent']).toBe(USER_AGENT);

    const [served] = met.served;
    const step = served?.properties.timeseries[0];
    if (!served || !step) throw new Error('MET was not asked');
    const wind: WindResponse = response.json();
    expect(wind).toEqual({
      available: true,
      windFromDegrees: step.data.instant.details.wind_from_direction,
      windSpeedMetresPerSecond: step.data.instant.details.wind_speed,
      windSpeed: 'moderate',
      validAt: new Date(step.time).toISOString(),
      updatedAt: new Date(served.properties.meta.updated_at).toISOString(),
      source: 'MET Norway',
      credit: WIND_CREDIT,
    });
    // The recording's figures: 203.4° at 4.3 m/s (15.48 km/h, ERG Table 3's moderate).
    expect(wind).toMatchObject({ windFromDegrees: 203.4, windSpeedMetresPerSecond: 4.3 });
  });

  it('refuses a request without a token (401)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/weather/wind', query: AGOTNES });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a user without an organisation as every data endpoint does (403)', async () => {
    for (const signedIn of [await t.headersFor('vest.110'), await t.headersFor('ny.bruker')]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/weather/wind', query: AGOTNES, headers: signedIn });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ type: 'ACCESS_DENIED' });
    }
  });

  it.each([
    ['latitude 91', { latitude: '91', longitude: '5' }],
    ['latitude −90.5', { latitude: '-90.5', longitude: '5' }],
    ['longitude 180.1', { latitude: '60', longitude: '180.1' }],
    ['a longitude that is no number', { latitude: '60', longitude: 'øst' }],
    ['no longitude', { latitude: '60' }],
    ['a parameter of its own', { ...AGOTNES, altitude: '12' }],
  ])('answers 400 with the error body for %s, without asking MET', async (_, query) => {
    met.requests = [];
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/weather/wind', query, headers });
    expect(response.statusCode).toBe(400);
    expectErrorBody(response, { type: 'VALIDATION_ERROR' });
    expect(met.requests).toHaveLength(0);
  });

  it('takes the ends of the ranges', async () => {
    for (const query of [
      { latitude: '90', longitude: '180' },
      { latitude: '-90.0', longitude: '-180.000' },
      { latitude: '0', longitude: '-0.5' },
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/weather/wind', query, headers });
      expect(response.statusCode).toBe(200);
    }
  });
});
