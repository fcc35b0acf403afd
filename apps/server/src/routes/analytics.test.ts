import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** A stand-in analytics server that records what reached it. */
interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let upstream: Server;
let received: Received[] = [];
let scriptStatus = 200;
let t: TestApp;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      if (request.url === '/js/script.js') {
        response.writeHead(scriptStatus, { 'content-type': 'text/javascript' }).end('/* analytics */');
      } else {
        response.writeHead(202, { 'content-type': 'text/plain' }).end('ok');
      }
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as AddressInfo;
  t = await createTestApp({ ANALYTICS_DOMAIN: 'fast.example.no', ANALYTICS_HOST: `http://127.0.0.1:${port}/` });
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

describe('the analytics proxy', () => {
  it('serves the analytics script from its host at /js/script.js, without sign-in', async () => {
    received = [];
    scriptStatus = 200;
    const response = await t.app.inject({ method: 'GET', url: '/js/script.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toBe('/* analytics */');
    expect(received.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /js/script.js']);
  });

  it('answers 502 with the error body when the host has no script', async () => {
    scriptStatus = 404;
    const response = await t.app.inject({ method: 'GET', url: '/js/script.js' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ type: 'UNEXPECTED_ERROR', reference: expect.any(String) });
  });

  it('forwards events from /js/event to the host with the user agent and the client address', async () => {
    received = [];
    const response = await t.app.inject({
      method: 'POST',
      url: '/js/event',
      headers: { 'content-type': 'application/json', 'user-agent': 'test-browser/1.0' },
      remoteAddress: '10.1.2.3',
      payload: { n: 'pageview', u: 'http://localhost/search', d: 'fast.example.no' },
    });
    expect(response.statusCode).toBe(202);
    expect(response.body).toBe('ok');
    expect(received).toHaveLength(1);
    const [event] = received;
    expect(event?.method).toBe('POST');
    expect(event?.url).toBe('/api/event');
    expect(event?.headers['user-agent']).toBe('test-browser/1.0');
    expect(event?.headers['x-forwarded-for']).toBe('10.1.2.3');
    expect(JSON.parse(event?.body ?? '')).toEqual({ n: 'pageview', u: 'http://localhost/search', d: 'fast.example.no' });
  });

  it('names the domain in the frontend config', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/frontend/config' });
    expect(response.json()).toMatchObject({ analyticsDomain: 'fast.example.no' });
  });
});
