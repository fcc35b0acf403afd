import { type Static, Type } from 'typebox';
import { WindClassSchema } from './hazard.ts';
import { IsoDateTime } from './patterns.ts';

/**
 * GET /api/v1/weather/wind?latitude=&longitude= (protective zones): the wind at a point from MET
 * Norway's Locationforecast, when the server has WEATHER_URL. The screen fills in direction and
 * speed from it and says where they came from and when; the user may always override them. Every
 * failure is a 200 with `available: false`, so the screen simply asks the user for the wind.
 */

/** Who the wind comes from; the screen shows it beside the figures. */
export const WIND_SOURCE = 'MET Norway';
/** MET Norway's data are CC BY 4.0: the credit its licence asks for, shown with the wind. */
export const WIND_CREDIT = {
  text: 'Meteorologisk institutt (MET Norway), CC BY 4.0',
  url: 'https://api.met.no/doc/License',
} as const;

// Query strings arrive as text (the server does not coerce types): the ranges are in the patterns.
const LATITUDE_PATTERN = '^-?(90(\\.0{1,15})?|[1-8]?[0-9](\\.[0-9]{1,15})?)$';
const LONGITUDE_PATTERN = '^-?(180(\\.0{1,15})?|(1[0-7][0-9]|[1-9]?[0-9])(\\.[0-9]{1,15})?)$';

export const WindQuery = Type.Object(
  {
    latitude: Type.String({ pattern: LATITUDE_PATTERN, description: 'WGS84 decimal degrees, −90 to 90' }),
    longitude: Type.String({ pattern: LONGITUDE_PATTERN, description: 'WGS84 decimal degrees, −180 to 180' }),
  },
  { additionalProperties: false },
);
export type WindQuery = Static<typeof WindQuery>;

/** Why there is no wind: no weather service configured, it failed or answered nothing usable, or it did not answer in time. */
export const WIND_UNAVAILABLE_REASONS = ['not-configured', 'unavailable', 'timeout'] as const;
export type WindUnavailableReason = (typeof WIND_UNAVAILABLE_REASONS)[number];

export const WindAvailable = Type.Object(
  {
    available: Type.Literal(true),
    /** Where the wind blows from, degrees clockwise from true north (as the protective zones take it). */
    windFromDegrees: Type.Number({ minimum: 0, maximum: 360 }),
    windSpeedMetresPerSecond: Type.Number({ minimum: 0 }),
    /** ERG Table 3's class of that speed (windClassOf, in km/h). */
    windSpeed: WindClassSchema,
    /** The time of the forecast step the figures are from: the step nearest to now. */
    validAt: IsoDateTime,
    /** When the forecast was made (MET's meta.updated_at). */
    updatedAt: IsoDateTime,
    source: Type.Literal(WIND_SOURCE),
    credit: Type.Object(
      { text: Type.Literal(WIND_CREDIT.text), url: Type.Literal(WIND_CREDIT.url) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type WindAvailable = Static<typeof WindAvailable>;

export const WindUnavailable = Type.Object(
  { available: Type.Literal(false), reason: Type.Enum(WIND_UNAVAILABLE_REASONS) },
  { additionalProperties: false },
);
export type WindUnavailable = Static<typeof WindUnavailable>;

export const WindResponse = Type.Union([WindAvailable, WindUnavailable]);
export type WindResponse = Static<typeof WindResponse>;
