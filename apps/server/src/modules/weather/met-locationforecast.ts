import { WIND_CREDIT, WIND_SOURCE, type WindResponse, type WindUnavailableReason, windClassOf } from '@fast/contracts';
import { LRUCache } from 'lru-cache';
import type { Log } from '../../logger.ts';

interface WindSource {
  /** The wind at a point now, or why there is none; never throws (a failure is logged and answered as unavailable). */
  windAt(point: { latitude: number; longitude: number }, log: Log): Promise<WindResponse>;
}

/** What FAST reads of `GET locationforecast/2.0/compact` (https://api.met.no/weatherapi/locationforecast/2.0/documentation). */
interface CompactAnswer {
  properties?: {
    meta?: { updated_at?: string; units?: { wind_from_direction?: string; wind_speed?: string } };
    timeseries?: {
      time?: string;
      data?: { instant?: { details?: { wind_from_direction?: number; wind_speed?: number } } };
    }[];
  };
}

interface Step {
  at: number;
  fromDegrees: number | undefined;
  speed: number | undefined;
}

interface Forecast {
  updatedAt: string;
  steps: Step[];
}

const HOUR_MS = 3_600_000;
/** A step later than this after now is a forecast, not the wind now. */
const MAX_STEP_AHEAD_MS = HOUR_MS;
/** Nor is a step this far from now: the forecast is stale, and the user is asked instead. */
const MAX_STEP_DISTANCE_MS = 3 * HOUR_MS;
/** A forecast is kept until MET's Expires, at most this long, as MET's terms ask (no repeated requests for the same data). */
const MAX_CACHE_MS = HOUR_MS;
const CACHED_POINTS = 1_000;

/** MET failed: its message says how, for the log; the reason is what the screen is told. */
class WeatherError extends Error {
  readonly reason: Exclude<WindUnavailableReason, 'not-configured'>;
  constructor(reason: WeatherError['reason'], message: string, options?: ErrorOptions) {
    super(message, options);
    this.reason = reason;
  }
}

/** MET refuses coordinates with more than four decimals (about 11 m); the same rounding keys the cache. */
const fourDecimals = (degrees: number) => String(Number(degrees.toFixed(4)));

/** Metres per second to km/h, without the float noise of ×3.6 that would move a boundary speed across a class. */
const kilometresPerHour = (metresPerSecond: number) => Math.round(metresPerSecond * 3.6 * 1e6) / 1e6;

function forecastOf(answer: CompactAnswer): Forecast {
  const meta = answer?.properties?.meta;
  const series = answer?.properties?.timeseries;
  if (!Array.isArray(series) || typeof meta?.updated_at !== 'string' || Number.isNaN(Date.parse(meta.updated_at))) {
    throw new WeatherError('unavailable', 'MET-værvarselet svarte uten tidsserie eller oppdateringstid.');
  }
  const units = meta.units;
  if (units?.wind_speed !== 'm/s' || units.wind_from_direction !== 'degrees') {
    throw new WeatherError(
      'unavailable',
      `MET-værvarselet svarte med andre vindenheter (${units?.wind_speed}, ${units?.wind_from_direction}).`,
    );
  }
  const steps = series.flatMap((entry): Step[] => {
    const at = typeof entry?.time === 'string' ? Date.parse(entry.time) : Number.NaN;
    if (Number.isNaN(at)) return [];
    const details = entry.data?.instant?.details;
    return [{ at, fromDegrees: details?.wind_from_direction, speed: details?.wind_speed }];
  });
  return { updatedAt: new Date(meta.updated_at).toISOString(), steps };
}

/**
 * The step nearest to now that is not more than an hour ahead (MET's series begins at the current
 * hour; a later step is a forecast), with its wind; throws when there is none or it lacks the wind.
 */
function windNow(forecast: Forecast, now: number): WindResponse {
  let nearest: Step | undefined;
  for (const step of forecast.steps) {
    if (step.at - now > MAX_STEP_AHEAD_MS) continue;
    if (!nearest || Math.abs(step.at - now) < Math.abs(nearest.at - now)) nearest = step;
  }
  if (!nearest || Math.abs(nearest.at - now) > MAX_STEP_DISTANCE_MS) {
    throw new WeatherError('unavailable', 'MET-værvarselet har ingen tidssteg nær nå.');
  }
  const { fromDegrees, speed } = nearest;
  const validAt = new Date(nearest.at).toISOString();
  if (typeof fromDegrees !== 'number' || !(fromDegrees >= 0 && fromDegrees <= 360)) {
    throw new WeatherError('unavailable', `MET-værvarselet mangler gyldig vindretning for ${validAt}.`);
  }
  if (typeof speed !== 'number' || !(speed >= 0 && Number.isFinite(speed))) {
    throw new WeatherError('unavailable', `MET-værvarselet mangler gyldig vindstyrke for ${validAt}.`);
  }
  return {
    available: true,
    windFromDegrees: fromDegrees,
    windSpeedMetresPerSecond: speed,
    windSpeed: windClassOf(kilometresPerHour(speed)),
    validAt,
    updatedAt: forecast.updatedAt,
    source: WIND_SOURCE,
    credit: { ...WIND_CREDIT },
  };
}

function cacheTtl(expires: string | null, now: number): number {
  const until = expires ? Date.parse(expires) : Number.NaN;
  return Number.isNaN(until) ? 0 : Math.min(until - now, MAX_CACHE_MS);
}

/**
 * MET Norway's Locationforecast, compact product (`{url}?lat=&lon=`), asked from the server with a
 * time limit and the identifying User-Agent MET requires. A forecast is kept per point until its
 * Expires header says (at most an hour) and the step nearest to now is picked from it on each ask.
 */
export function metLocationforecast(options: {
  url: string;
  timeoutMs: number;
  userAgent: string;
  now?: () => number;
}): WindSource {
  const now = options.now ?? Date.now;
  const cache = new LRUCache<string, Forecast>({ max: CACHED_POINTS, ttlAutopurge: false });

  async function fetchForecast(lat: string, lon: string): Promise<{ forecast: Forecast; expires: string | null }> {
    const url = new URL(options.url);
    url.searchParams.set('lat', lat);
    url.searchParams.set('lon', lon);
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json', 'user-agent': options.userAgent },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new WeatherError('unavailable', `MET-værvarselet svarte med status ${response.status}.`);
      }
      const forecast = forecastOf((await response.json()) as CompactAnswer);
      return { forecast, expires: response.headers.get('expires') };
    } catch (error) {
      if (error instanceof WeatherError) throw error;
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new WeatherError('timeout', `MET-værvarselet svarte ikke innen ${options.timeoutMs} ms.`, { cause: error });
      }
      throw new WeatherError('unavailable', 'MET-værvarselet kunne ikke nås eller svarte ikke med JSON.', { cause: error });
    }
  }

  return {
    async windAt(point, log) {
      const lat = fourDecimals(point.latitude);
      const lon = fourDecimals(point.longitude);
      const key = `${lat},${lon}`;
      try {
        let forecast = cache.get(key);
        if (!forecast) {
          const fetched = await fetchForecast(lat, lon);
          forecast = fetched.forecast;
          const ttl = cacheTtl(fetched.expires, now());
          if (ttl > 0) cache.set(key, forecast, { ttl });
        }
        return windNow(forecast, now());
      } catch (error) {
        if (!(error instanceof WeatherError)) throw error;
        log.warn({ err: error, reason: error.reason }, error.message);
        return { available: false, reason: error.reason };
      }
    },
  };
}
