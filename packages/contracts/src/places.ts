import { type Static, Type } from 'typebox';
import { MunicipalityRef } from './geography.ts';

/**
 * GET /api/v1/places?q=TEXT (issue 15): a place from any notation a Norwegian responder uses —
 * a coordinate (decimal degrees, degrees and minutes, DMS, EUREF89 UTM with zone, MGRS), an
 * address or a facility of the caller's scope, a postal code or a municipality.
 */

export const PlaceKind = {
  COORDINATE: 'coordinate',
  ADDRESS: 'address',
  POSTAL_CODE: 'postalCode',
  MUNICIPALITY: 'municipality',
  FACILITY: 'facility',
} as const;
export type PlaceKind = (typeof PlaceKind)[keyof typeof PlaceKind];

export const PLACE_QUERY_MAX_LENGTH = 200;
export const PLACES_MAX_CANDIDATES = 10;

/**
 * Postal code points come from Erik Bolstad's "Postnummer med koordinatar" (CC BY 3.0), whose
 * licence requires this attribution wherever a point is shown: every postalCode candidate placed
 * by it carries it, and the screen shows it beside the candidate.
 */
export const POSTAL_CODE_POINT_ATTRIBUTION = {
  text: 'Postnummerdata frå Erik Bolstad',
  url: 'http://www.erikbolstad.no/postnummer/',
} as const;

// Control characters (C0, DEL, C1) are refused; at least one character that is not white space.
const NO_CONTROL = '[^\\u0000-\\u001F\\u007F-\\u009F]';
export const PlacesQuery = Type.Object(
  {
    q: Type.String({
      minLength: 1,
      maxLength: PLACE_QUERY_MAX_LENGTH,
      pattern: `^${NO_CONTROL}*[^\\s\\u0000-\\u001F\\u007F-\\u009F]${NO_CONTROL}*$`,
      description: 'What the user typed: a coordinate, an address, a postal code, a municipality or a facility name or id',
    }),
  },
  { additionalProperties: false },
);
export type PlacesQuery = Static<typeof PlacesQuery>;

export const PlaceAttribution = Type.Object(
  { text: Type.String(), url: Type.String() },
  { additionalProperties: false, description: 'Credit the licence of the position’s source requires; show it with the place' },
);
export type PlaceAttribution = Static<typeof PlaceAttribution>;

export const PlaceCandidate = Type.Object(
  {
    label: Type.String(),
    kind: Type.Enum(Object.values(PlaceKind)),
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    /** The municipality the point lies in (or the place belongs to); null outside Norway. */
    municipality: Type.Union([MunicipalityRef, Type.Null()]),
    /** kind facility: the facility, for a link to its page. */
    facilityId: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Set when the position's source requires credit (postal code points). */
    attribution: Type.Optional(PlaceAttribution),
  },
  { additionalProperties: false },
);
export type PlaceCandidate = Static<typeof PlaceCandidate>;

/**
 * The address service (Kartverket's address API, when the server has GEOCODER_URL): `ok` it
 * answered and its addresses are merged in; `unavailable` it failed or timed out, and only the
 * offline candidates are answered; `off` none is configured or the text was no address to ask it for.
 * Sent as the response header ADDRESS_SERVICE_HEADER beside the list.
 */
export const AddressServiceStatus = { OK: 'ok', UNAVAILABLE: 'unavailable', OFF: 'off' } as const;
export type AddressServiceStatus = (typeof AddressServiceStatus)[keyof typeof AddressServiceStatus];
export const ADDRESS_SERVICE_HEADER = 'FAST-ADDRESS-SERVICE';

/**
 * What the screen should tell beside the list, when the server can tell (the response header
 * PLACE_HINT_HEADER): `utmZoneMissing` (with an empty list) the text reads as a UTM easting and
 * northing without their zone ("6700000 300000"), which the screen asks for ("Oppgi sone, f.eks.
 * 32V"); `addressesNotLoaded` (with any list) the text looks like a street address, which this
 * installation cannot find: no address layer is loaded (issue 37) and no geocoder is configured.
 */
export const PlaceHint = {
  UTM_ZONE_MISSING: 'utmZoneMissing',
  /** The text looks like a street address, but no address layer is loaded and no geocoder is configured. */
  ADDRESSES_NOT_LOADED: 'addressesNotLoaded',
} as const;
export type PlaceHint = (typeof PlaceHint)[keyof typeof PlaceHint];
export const PLACE_HINT_HEADER = 'FAST-PLACE-HINT';

/** GET /api/v1/places: best first, at most PLACES_MAX_CANDIDATES (a list, as every list the API answers). */
export const PlacesResponse = Type.Array(PlaceCandidate, { maxItems: PLACES_MAX_CANDIDATES });
export type PlacesResponse = Static<typeof PlacesResponse>;
