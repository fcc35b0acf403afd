import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let dist: string;
const SCRIPT = `console.log(${JSON.stringify('kart '.repeat(400))});`;

beforeAll(async () => {
  // A build as the web app's leaves it: each text file with its .br and .gz beside it.
  dist = await mkdtemp(join(tmpdir(), 'fast-web-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>FAST</title>');
  await writeFile(join(dist, 'assets', 'map-page-abc.js'), SCRIPT);
  await writeFile(join(dist, 'assets', 'map-page-abc.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(join(dist, 'assets', 'map-page-abc.js.gz'), gzipSync(SCRIPT));
  t = await createTestApp({ WEB_DIST: dist });
});

afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the web app', () => {
  const get = (encoding?: string) =>
    t.app.inject({ method: 'GET', url: '/assets/map-page-abc.js', headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the build’s Brotli or gzip copy of a file to a browser that accepts it, the file itself otherwise', async () => {
    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gzipped = await get('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a route of the app with its shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/kart/123' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>FAST</title>');
  });

  it('sends a page opened at another host than PUBLIC_URL’s there, and answers the API and health checks at any host', async () => {
    const at = (host: string, url: string, accept = 'text/html,application/xhtml+xml') =>
      t.app.inject({ method: 'GET', url, headers: { host, accept } });
    const page = await at('127.0.0.1:8080', '/kart/123?zoom=4');
    expect(page.statusCode).toBe(307);
    expect(page.headers.location).toBe('http://localhost:8080/kart/123?zoom=4');
    expect((await at('localhost:8080', '/kart/123')).statusCode).toBe(200);
    expect((await at('127.0.0.1:8080', '/readyz', 'application/json')).statusCode).toBe(200);
    expect((await at('127.0.0.1:8080', '/assets/map-page-abc.js', '*/*')).statusCode).toBe(200);
    expect((await at('127.0.0.1:8080', '/api/v1/statusmessage')).statusCode).toBe(401);
  });
});
