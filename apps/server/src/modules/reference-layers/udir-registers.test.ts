import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadMunicipalityGeometry } from '../reference/municipality-geometry.ts';
import {
  fetchUdirObjects,
  type UdirObject,
  type UdirRegister,
  type UdirUnit,
  udirObject,
  writeUdirGeoJson,
} from './udir-registers.ts';
import { vulnerableObjectRows } from './vulnerable-objects-file.ts';

// Recorded answers of NSR's and NBR's v4 APIs (test/fixtures/reference/README-udir.md).
const FIXTURES = join(import.meta.dirname, '../../../test/fixtures/reference');
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
const NSR_UNITS = fixture('udir-nsr-enhet.json') as Record<string, UdirUnit>;
const NBR_UNITS = fixture('udir-nbr-enhet.json') as Record<string, UdirUnit>;
const CLI = join(import.meta.dirname, '../../cli/fetch-vulnerable-objects.ts');

const unit = (register: UdirRegister, orgnr: string) => {
  const found = (register === 'nsr' ? NSR_UNITS : NBR_UNITS)[orgnr];
  if (!found) throw new Error(`no recorded unit ${orgnr}`);
  return structuredClone(found);
};
const objectOf = (register: UdirRegister, answer: UdirUnit): UdirObject => {
  const result = udirObject(register, answer);
  if (!('object' in result)) throw new Error(`left out: ${result.skipped}`);
  return result.object;
};

describe('the recorded answers as vulnerable objects', () => {
  it('turns NSR schools into schools, field by field from the recorded answer', () => {
    expect(objectOf('nsr', unit('nsr', '974552124'))).toEqual({
      sourceId: '974552124',
      kind: 'school',
      name: 'Hosle skole',
      address: 'Bispeveien 73, 1362 HOSLE',
      capacity: 454,
      latitude: 59.93436,
      longitude: 10.58457,
    });
    // A private school with grunnskole and videregående grades.
    expect(objectOf('nsr', unit('nsr', '986779795'))).toEqual({
      sourceId: '986779795',
      kind: 'school',
      name: 'Wang Fredrikstad AS',
      address: 'Stadion 3, 1671 KRÅKERØY',
      capacity: 180,
      latitude: 59.21256,
      longitude: 10.92896,
    });
    expect(objectOf('nsr', unit('nsr', '999038182'))).toEqual({
      sourceId: '999038182',
      kind: 'school',
      name: 'Lørenskog voksenopplæring',
      address: 'Rastastubben 1, 1476 RASTA',
      capacity: 84,
      latitude: 59.9236,
      longitude: 10.93744,
    });
  });

  it('turns an NBR kindergarten into a kindergarten with its children as capacity', () => {
    expect(objectOf('nbr', unit('nbr', '975315053'))).toEqual({
      sourceId: '975315053',
      kind: 'kindergarten',
      name: 'Maurtua barnehage',
      address: 'Hjalmar Johansens gate 8, 4019 STAVANGER',
      capacity: 36,
      latitude: 58.95041,
      longitude: 5.72564,
    });
  });

  it('leaves out a closed school, a school abroad, and the wrong register', () => {
    // Stange ungdomsskole: "Slettet for sammenslåing" in 2024, ErAktiv false.
    expect(udirObject('nsr', unit('nsr', '975270920'))).toEqual({ skipped: 'inactive' });
    // Den norske skole - Gran Canaria: pseudo-municipality 2599, a position in Spain.
    expect(udirObject('nsr', unit('nsr', 'U90099017'))).toEqual({ skipped: 'abroad' });
    expect(udirObject('nbr', unit('nsr', '974552124'))).toEqual({ skipped: 'notThisKind' });
    expect(udirObject('nsr', unit('nbr', '975315053'))).toEqual({ skipped: 'notThisKind' });
  });

  // The recordings hold no unit without a position or excluded by Udir: these cases change one
  // field of a recorded answer, as the API's model allows (Koordinat nullable, ErEkskludert).
  it('leaves out a unit without a position, an excluded one and a closed kindergarten', () => {
    const noPosition = { ...unit('nsr', '974552124'), Koordinat: null };
    expect(udirObject('nsr', noPosition)).toEqual({ skipped: 'noPosition' });
    const zeroPosition = {
      ...unit('nbr', '975315053'),
      Koordinat: { Lengdegrad: 0, Breddegrad: 0, Zoom: 12, GeoKilde: 'GeoNorge' },
    };
    expect(udirObject('nbr', zeroPosition)).toEqual({ skipped: 'noPosition' });
    expect(udirObject('nsr', { ...unit('nsr', '974552124'), ErEkskludert: true })).toEqual({ skipped: 'inactive' });
    expect(udirObject('nbr', { ...unit('nbr', '975315053'), ErAktiv: false })).toEqual({ skipped: 'inactive' });
    expect(udirObject('nbr', { ...unit('nbr', '975315053'), ErBarnehage: false })).toEqual({
      skipped: 'notThisKind',
    });
  });

  it('gives no capacity where the register has none', () => {
    expect(objectOf('nsr', { ...unit('nsr', '974552124'), Elevtall: null }).capacity).toBeNull();
    expect(objectOf('nbr', { ...unit('nbr', '975315053'), AntallBarn: 0 }).capacity).toBeNull();
  });
});

describe('fetching the registers from a server that answers as NSR and NBR do', () => {
  let server: Server;
  let base: string;
  let dir: string;
  const requests: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let failNextDetail = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fast-udir-'));
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      requests.push(`${url.pathname}${url.search}`);
      const match = /^\/(nsr|nbr)\/v4\/(enheter|enhet\/([^/]+))$/.exec(url.pathname);
      const register = match?.[1] as UdirRegister | undefined;
      const send = (status: number, body?: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        response.end(body === undefined ? '' : JSON.stringify(body));
      };
      if (!match || !register) return send(404);
      if (match[2] === 'enheter') {
        const page = url.searchParams.get('sidenummer');
        if (url.searchParams.get('antallperside') !== '1000' || (page !== '1' && page !== '2')) return send(400);
        return send(200, fixture(`udir-${register}-enheter-side-${page}.json`));
      }
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        if (failNextDetail > 0) {
          failNextDetail--;
          return send(503);
        }
        const answer = (register === 'nsr' ? NSR_UNITS : NBR_UNITS)[decodeURIComponent(match[3] ?? '')];
        send(answer ? 200 : 404, answer);
      }, 30);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    requests.length = 0;
    maxInFlight = 0;
    failNextDetail = 0;
  });

  const expected = () => [
    objectOf('nbr', unit('nbr', '975315053')),
    objectOf('nsr', unit('nsr', '974552124')),
    objectOf('nsr', unit('nsr', '986779795')),
    objectOf('nsr', unit('nsr', '999038182')),
  ];

  it('reads every page, asks only for the units the list leaves in, and keeps the conversion', async () => {
    const { objects, counts } = await fetchUdirObjects({ nsrUrl: `${base}/nsr/v4`, nbrUrl: `${base}/nbr/v4/`, concurrency: 2 });
    expect(objects).toEqual(expected());
    expect(requests.filter((r) => r.includes('/enheter')).sort()).toEqual([
      '/nbr/v4/enheter?sidenummer=1&antallperside=1000',
      '/nbr/v4/enheter?sidenummer=2&antallperside=1000',
      '/nsr/v4/enheter?sidenummer=1&antallperside=1000',
      '/nsr/v4/enheter?sidenummer=2&antallperside=1000',
    ]);
    // Closed (Stange, Douentza, Testskole, Marihøna), not a school or kindergarten (the Gran
    // Canaria foundation, Lyngdal kommune), schools abroad without grunnskole or videregående
    // flags, and Gran Canaria's school abroad are never asked for.
    expect(requests.filter((r) => r.includes('/enhet/')).sort()).toEqual([
      '/nbr/v4/enhet/975315053',
      '/nsr/v4/enhet/974552124',
      '/nsr/v4/enhet/986779795',
      '/nsr/v4/enhet/999038182',
    ]);
    expect(counts.nsr).toEqual({
      listed: 10,
      fetched: 3,
      kept: 3,
      gone: 0,
      skipped: { inactive: 3, notThisKind: 3, abroad: 1, noPosition: 0 },
    });
    expect(counts.nbr).toEqual({
      listed: 3,
      fetched: 1,
      kept: 1,
      gone: 0,
      skipped: { inactive: 1, notThisKind: 1, abroad: 0, noPosition: 0 },
    });
    expect(maxInFlight).toBe(2);
  });

  it('tries a unit again after a 503 and fails with the URL when the server keeps refusing', async () => {
    failNextDetail = 1;
    const { objects } = await fetchUdirObjects({ nsrUrl: `${base}/nsr/v4`, nbrUrl: `${base}/nbr/v4`, retryDelayMs: 1 });
    expect(objects).toEqual(expected());
    failNextDetail = 99;
    await expect(fetchUdirObjects({ nsrUrl: `${base}/nsr/v4`, nbrUrl: `${base}/nbr/v4`, retryDelayMs: 1 })).rejects.toThrow(
      /\/nsr\/v4\/enhet\/\d+: HTTP 503 \(3 attempts\)/,
    );
  });

  it('refuses an answer that is not a list', async () => {
    await expect(fetchUdirObjects({ nsrUrl: `${base}/elsewhere`, nbrUrl: `${base}/nbr/v4` })).rejects.toThrow(
      /elsewhere\/enheter\?sidenummer=1&antallperside=1000: not a list answer/,
    );
  });

  it('writes a file the vulnerable-objects layer loads, feature for feature', async () => {
    const file = join(dir, 'written.geojson');
    const { objects } = await fetchUdirObjects({ nsrUrl: `${base}/nsr/v4`, nbrUrl: `${base}/nbr/v4` });
    await writeUdirGeoJson(file, objects, new Date('2026-09-24T08:00:00Z'));
    const written = JSON.parse(readFileSync(file, 'utf8')) as {
      type: string;
      features: { geometry: { type: string; coordinates: number[] }; properties: Record<string, unknown> }[];
    };
    expect(written.type).toBe('FeatureCollection');
    expect(
      written.features.map(({ geometry, properties }) => ({
        ...properties,
        longitude: geometry.coordinates[0],
        latitude: geometry.coordinates[1],
      })),
    ).toEqual(expected());

    const rows = [];
    for await (const row of vulnerableObjectRows(file, 'geojson', await loadMunicipalityGeometry())) rows.push(row.parsed);
    expect(rows.map((parsed) => ('row' in parsed ? { ...parsed.row, municipalityId: undefined } : parsed))).toEqual(
      expected().map((object) => ({ ...object, municipalityId: undefined })),
    );
    // Each lands in its own municipality: Stavanger, Bærum, Fredrikstad, Lørenskog.
    expect(rows.map((parsed) => ('row' in parsed ? parsed.row.municipalityId : null))).toEqual(['1103', '3201', '3107', '3222']);
  });

  it('runs as the administrator runs it: the CLI writes the file', async () => {
    const file = join(dir, 'cli.geojson');
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, file, '--nsr-url', `${base}/nsr/v4`, '--nbr-url', `${base}/nbr/v4`], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.on('close', (exitCode) => resolve({ code: exitCode, stdout: out }));
    });
    expect(code).toBe(0);
    expect(stdout).toContain('4 objects written');
    const written = JSON.parse(readFileSync(file, 'utf8')) as { features: { properties: { sourceId: string } }[] };
    expect(written.features.map((feature) => feature.properties.sourceId)).toEqual([
      '975315053',
      '974552124',
      '986779795',
      '999038182',
    ]);
  });
});
