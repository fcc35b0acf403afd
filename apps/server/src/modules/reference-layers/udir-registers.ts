import { rename, writeFile } from 'node:fs/promises';

/**
 * Udir's live registers as a `vulnerable-objects` file: the schools of Nasjonalt skoleregister
 * (NSR) and the kindergartens of Nasjonalt barnehageregister (NBR), read from their public,
 * anonymous REST APIs (v4) on an administrator's command where the server has the network
 * (`npm run fetch-vulnerable-objects`), never at run time. The file is then loaded like any other
 * (docs/reference-layers.md, "NSR and NBR"). The answers' shapes are those recorded in
 * test/fixtures/reference/README-udir.md. Data: © Utdanningsdirektoratet, NLOD 2.0.
 */

export const NSR_URL = 'https://data-nsr.udir.no/v4';
export const NBR_URL = 'https://data-nbr.udir.no/v4';

export type UdirRegister = 'nsr' | 'nbr';

interface UdirAddress {
  Adresse?: string | null;
  Postnummer?: string | null;
  Poststed?: string | null;
}

/** The fields read from a unit, in the list answer (`EnhetListe[]`) or the unit's own (`/enhet/{orgnr}`). */
export interface UdirUnit {
  Organisasjonsnummer?: string | null;
  Navn?: string | null;
  /** The list answer's municipality; the unit's own answer nests it in `Kommune`. */
  Kommunenummer?: string | null;
  Kommune?: { Kommunenummer?: string | null } | null;
  Beliggenhetsadresse?: UdirAddress | null;
  Koordinat?: { Lengdegrad?: number | null; Breddegrad?: number | null } | null;
  ErAktiv?: boolean | null;
  ErEkskludert?: boolean | null;
  ErSkole?: boolean | null;
  ErGrunnskole?: boolean | null;
  ErVideregaaendeSkole?: boolean | null;
  ErBarnehage?: boolean | null;
  Elevtall?: number | null;
  AntallBarn?: number | null;
}

interface UdirListPage {
  AntallSider?: number | null;
  EnhetListe?: UdirUnit[] | null;
}

/** One object for the layer's GeoJSON file (vulnerable-objects-file.ts reads these properties). */
export interface UdirObject {
  sourceId: string;
  kind: 'school' | 'kindergarten';
  name: string;
  address: string | null;
  capacity: number | null;
  latitude: number;
  longitude: number;
}

export type UdirSkip = 'inactive' | 'notThisKind' | 'abroad' | 'noPosition';

const REGISTERS: Record<
  UdirRegister,
  { kind: UdirObject['kind']; isKind: (unit: UdirUnit) => boolean; capacity: (unit: UdirUnit) => number | null | undefined }
> = {
  // Schools that teach children: grunnskole or videregående (the register also lists owners,
  // SFOs, PP services and the like under ErSkole=false or neither flag).
  nsr: {
    kind: 'school',
    isKind: (unit) => unit.ErSkole === true && (unit.ErGrunnskole === true || unit.ErVideregaaendeSkole === true),
    capacity: (unit) => unit.Elevtall,
  },
  // Kindergartens, not their owners (ErBarnehageEier).
  nbr: { kind: 'kindergarten', isKind: (unit) => unit.ErBarnehage === true, capacity: (unit) => unit.AntallBarn },
};

/** NSR's pseudo-municipality for Norwegian schools abroad ("Utlandet, uspesifisert"). */
const ABROAD = '2599';

/** Why a unit is left out, or null when it is one of the register's kind; for the list and the unit's own answer alike. */
export function udirSkipReason(register: UdirRegister, unit: UdirUnit): UdirSkip | null {
  // ErEkskludert: a unit Udir keeps out of its own published lists.
  if (unit.ErAktiv !== true || unit.ErEkskludert === true) return 'inactive';
  if (!REGISTERS[register].isKind(unit)) return 'notThisKind';
  if ((unit.Kommune?.Kommunenummer ?? unit.Kommunenummer) === ABROAD) return 'abroad';
  return null;
}

const clean = (value: string | null | undefined): string => (value ?? '').trim();

/** "Bispeveien 73, 1362 HOSLE": the visiting address as the register writes it. */
function addressOf(address: UdirAddress | null | undefined): string | null {
  const place = [clean(address?.Postnummer), clean(address?.Poststed)].filter(Boolean).join(' ');
  const text = [clean(address?.Adresse), place].filter(Boolean).join(', ');
  return text || null;
}

/** A unit's own answer (`/enhet/{orgnr}`) as an object of the layer, or why it is left out. */
export function udirObject(register: UdirRegister, unit: UdirUnit): { object: UdirObject } | { skipped: UdirSkip } {
  const reason = udirSkipReason(register, unit);
  if (reason) return { skipped: reason };
  const latitude = unit.Koordinat?.Breddegrad;
  const longitude = unit.Koordinat?.Lengdegrad;
  // The register writes WGS84 degrees; a missing or zero position cannot be placed on the map.
  if (
    typeof latitude !== 'number' ||
    typeof longitude !== 'number' ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude) ||
    (latitude === 0 && longitude === 0)
  ) {
    return { skipped: 'noPosition' };
  }
  const capacity = REGISTERS[register].capacity(unit);
  return {
    object: {
      sourceId: clean(unit.Organisasjonsnummer),
      kind: REGISTERS[register].kind,
      name: clean(unit.Navn),
      address: addressOf(unit.Beliggenhetsadresse),
      // 0 is what the register holds for a unit that has not reported yet, not an empty school.
      capacity: typeof capacity === 'number' && Number.isSafeInteger(capacity) && capacity > 0 ? capacity : null,
      latitude,
      longitude,
    },
  };
}

export class UdirFetchError extends Error {}

export interface UdirFetchOptions {
  nsrUrl?: string;
  nbrUrl?: string;
  /** Units per list page; the APIs answer up to 1000. */
  pageSize?: number;
  /** Requests in flight at once, at most MAX_CONCURRENCY. */
  concurrency?: number;
  /** Per request. */
  timeoutMs?: number;
  /** Pause before each retry; a request is tried three times. */
  retryDelayMs?: number;
  onProgress?: (message: string) => void;
}

export interface UdirRegisterCounts {
  listed: number;
  fetched: number;
  kept: number;
  /** Listed, then gone (404) when its own answer was asked for. */
  gone: number;
  skipped: Record<UdirSkip, number>;
}

/** Polite to a public service: Udir documents no rate limit, so no more than this at once. */
const MAX_CONCURRENCY = 4;
const ATTEMPTS = 3;
const USER_AGENT = 'FAST fetch-vulnerable-objects (reference layer, NLOD 2.0)';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The JSON answer of one GET, tried again after a network error, a timeout, 429 or 5xx; undefined for 404. */
async function getJson(url: string, timeoutMs: number, retryDelayMs: number): Promise<unknown> {
  let failure = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (attempt > 1) await sleep(retryDelayMs * (attempt - 1));
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json', 'user-agent': USER_AGENT },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      failure = (error as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : (error as Error).message;
      continue;
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      failure = `HTTP ${response.status}`;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new UdirFetchError(`${url}: HTTP ${response.status}`);
    }
    try {
      return await response.json();
    } catch (error) {
      throw new UdirFetchError(`${url}: not JSON (${(error as Error).message})`);
    }
  }
  throw new UdirFetchError(`${url}: ${failure} (${ATTEMPTS} attempts)`);
}

/** Runs `work` on every item with at most `size` at once; the first failure stops the rest. */
async function inPool<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (!failed && next < items.length) {
        const index = next++;
        try {
          results[index] = await work(items[index] as T);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    }),
  );
  return results;
}

function listPage(url: string, answer: unknown): UdirListPage & { EnhetListe: UdirUnit[] } {
  const page = answer as UdirListPage | undefined;
  if (!page || !Array.isArray(page.EnhetListe)) throw new UdirFetchError(`${url}: not a list answer (EnhetListe missing)`);
  return page as UdirListPage & { EnhetListe: UdirUnit[] };
}

/** One register: every list page (as the API pages), then the own answer of each unit the list leaves in. */
async function fetchRegister(
  register: UdirRegister,
  baseUrl: string,
  options: Required<Omit<UdirFetchOptions, 'nsrUrl' | 'nbrUrl' | 'onProgress'>> & Pick<UdirFetchOptions, 'onProgress'>,
): Promise<{ objects: UdirObject[]; counts: UdirRegisterCounts }> {
  const base = baseUrl.replace(/\/+$/, '');
  const pageUrl = (page: number) => `${base}/enheter?sidenummer=${page}&antallperside=${options.pageSize}`;
  const first = listPage(pageUrl(1), await getJson(pageUrl(1), options.timeoutMs, options.retryDelayMs));
  const pages = Math.max(1, Math.trunc(Number(first.AntallSider) || 1));
  const rest = await inPool(
    Array.from({ length: pages - 1 }, (_, i) => i + 2),
    options.concurrency,
    async (page) => listPage(pageUrl(page), await getJson(pageUrl(page), options.timeoutMs, options.retryDelayMs)).EnhetListe,
  );
  const units = [first.EnhetListe, ...rest].flat();
  const counts: UdirRegisterCounts = {
    listed: units.length,
    fetched: 0,
    kept: 0,
    gone: 0,
    skipped: { inactive: 0, notThisKind: 0, abroad: 0, noPosition: 0 },
  };
  options.onProgress?.(`${register}: ${units.length} units in ${pages} pages`);
  const wanted = new Set<string>();
  for (const unit of units) {
    const reason = udirSkipReason(register, unit);
    const orgnr = clean(unit.Organisasjonsnummer);
    if (reason) counts.skipped[reason]++;
    else if (orgnr) wanted.add(orgnr);
  }
  const answers = await inPool([...wanted], options.concurrency, async (orgnr) => {
    const url = `${base}/enhet/${encodeURIComponent(orgnr)}`;
    const answer = (await getJson(url, options.timeoutMs, options.retryDelayMs)) as UdirUnit | undefined;
    counts.fetched++;
    if (counts.fetched % 500 === 0) options.onProgress?.(`${register}: ${counts.fetched} of ${wanted.size} units read`);
    return answer;
  });
  const objects: UdirObject[] = [];
  for (const answer of answers) {
    if (answer === undefined) {
      counts.gone++;
      continue;
    }
    const result = udirObject(register, answer);
    if ('skipped' in result) counts.skipped[result.skipped]++;
    else objects.push(result.object);
  }
  counts.kept = objects.length;
  return { objects, counts };
}

/** The schools of NSR and the kindergartens of NBR, sorted by kind and organisation number. */
export async function fetchUdirObjects(
  options: UdirFetchOptions = {},
): Promise<{ objects: UdirObject[]; counts: Record<UdirRegister, UdirRegisterCounts> }> {
  const settings = {
    pageSize: options.pageSize ?? 1000,
    concurrency: Math.min(MAX_CONCURRENCY, Math.max(1, Math.trunc(options.concurrency ?? MAX_CONCURRENCY))),
    timeoutMs: options.timeoutMs ?? 30_000,
    retryDelayMs: options.retryDelayMs ?? 2000,
    onProgress: options.onProgress,
  };
  // One register after the other, so the concurrency limit holds for the run as a whole.
  const nsr = await fetchRegister('nsr', options.nsrUrl ?? NSR_URL, settings);
  const nbr = await fetchRegister('nbr', options.nbrUrl ?? NBR_URL, settings);
  const objects = [...nsr.objects, ...nbr.objects].sort(
    (a, b) => a.kind.localeCompare(b.kind) || a.sourceId.localeCompare(b.sourceId),
  );
  return { objects, counts: { nsr: nsr.counts, nbr: nbr.counts } };
}

/** The objects as the layer's GeoJSON FeatureCollection (RFC 7946, WGS84), written whole or not at all. */
export async function writeUdirGeoJson(path: string, objects: readonly UdirObject[], fetchedAt: Date): Promise<void> {
  const collection = {
    type: 'FeatureCollection',
    // A foreign member (RFC 7946 §6.1): the attribution NLOD 2.0 asks for, and when the data was read.
    source: `Utdanningsdirektoratet, Nasjonalt skoleregister og Nasjonalt barnehageregister (NLOD 2.0), hentet ${fetchedAt.toISOString()}`,
    features: objects.map((object) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [object.longitude, object.latitude] },
      properties: {
        sourceId: object.sourceId,
        kind: object.kind,
        name: object.name,
        address: object.address,
        capacity: object.capacity,
      },
    })),
  };
  const partial = `${path}.partial`;
  await writeFile(partial, `${JSON.stringify(collection, null, 1)}\n`);
  await rename(partial, path);
}
