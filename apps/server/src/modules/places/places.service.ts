import {
  AddressServiceStatus,
  type MunicipalityRef,
  PLACES_MAX_CANDIDATES,
  type PlaceCandidate,
  PlaceHint,
  PlaceKind,
  POSTAL_CODE_POINT_ATTRIBUTION,
} from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import type { Log } from '../../logger.ts';
import { type FacilitySummaryRow, type PlacedSummaryRow, placed } from '../facility/facility-summaries.repository.ts';
import type { Scope } from '../identity/identity.ts';
import { looksLikeUtmWithoutZone, parseCoordinates } from '../position/coordinate-parser.ts';
import { loadPlaceReference, type PlaceReference, type PostalCodePlace } from '../reference/place-reference.ts';
import { foldPlaceText, matchesWords, placeReadings } from '../reference/place-text.ts';
import { type GeocodedAddress, type Geocoder, GeocoderError } from './kartverket-geocoder.ts';
import { asFacilityId, findDatabasePlaces } from './places.repository.ts';

// How many of each kind may compete for the ten places; the order of the list decides.
const MAX_MUNICIPALITIES = 5;
const MAX_POSTAL_CODES_BY_PLACE = 3;
const MAX_FACILITIES_BY_NAME = 5;

/** The candidates, and what the address service did for them (the route sends it as a header). */
export interface PlaceLookup {
  candidates: PlaceCandidate[];
  addressService: AddressServiceStatus;
  /** Why nothing was found, when the text tells (the route sends it as a header). */
  hint: PlaceHint | null;
}

export interface PlaceLookupContext {
  db: Db;
  scope: Scope;
  geocoder: Geocoder | null;
  log: Log;
}

const municipalityOf = (row: PlacedSummaryRow): MunicipalityRef => ({ id: row.municipality_id, name: row.municipality_name });

function addressLabel(row: Pick<PlacedSummaryRow, 'street_address' | 'postal_code' | 'postal_place'>): string {
  const place = [row.postal_code, row.postal_place].filter(Boolean).join(' ');
  return [row.street_address, place].filter(Boolean).join(', ');
}

function postalCandidate(p: PostalCodePlace): PlaceCandidate {
  return {
    label: `${p.postcode} ${p.place}`,
    kind: PlaceKind.POSTAL_CODE,
    latitude: p.latitude,
    longitude: p.longitude,
    municipality: p.municipality,
    ...(p.fromPostcodePoints ? { attribution: { ...POSTAL_CODE_POINT_ATTRIBUTION } } : {}),
  };
}

function facilityCandidate(row: PlacedSummaryRow): PlaceCandidate {
  const address = addressLabel(row);
  return {
    label: `${row.name ?? `Anlegg ${row.id}`} (${row.id})${address ? `, ${address}` : ''}`,
    kind: PlaceKind.FACILITY,
    latitude: row.latitude,
    longitude: row.longitude,
    municipality: municipalityOf(row),
    facilityId: row.id,
  };
}

async function coordinateCandidates(text: string, reference: PlaceReference): Promise<PlaceCandidate[] | null> {
  const readings = parseCoordinates(text);
  if (readings.length === 0) return null;
  return Promise.all(
    readings.map(async (r) => ({
      label: r.label,
      kind: PlaceKind.COORDINATE,
      latitude: r.latitude,
      longitude: r.longitude,
      municipality: await reference.municipalityAt(r.longitude, r.latitude),
    })),
  );
}

/** Kartverket's addresses, or why there are none: a failure is logged and the lookup goes on offline. */
async function geocode(
  context: PlaceLookupContext,
  text: string,
): Promise<{ status: AddressServiceStatus; addresses: GeocodedAddress[] }> {
  if (!context.geocoder) return { status: AddressServiceStatus.OFF, addresses: [] };
  try {
    return { status: AddressServiceStatus.OK, addresses: await context.geocoder.search(text, PLACES_MAX_CANDIDATES) };
  } catch (error) {
    if (!(error instanceof GeocoderError)) throw error;
    context.log.warn({ err: error }, error.message);
    return { status: AddressServiceStatus.UNAVAILABLE, addresses: [] };
  }
}

/** The first of the items with each key, in their order. */
function firstOfEach<T>(items: readonly T[], keyOf: (item: T) => string | number): T[] {
  const seen = new Set<string | number>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Facilities found for each reading of the text, the likelier reading's first, each once. */
function firstInReadings(found: readonly (readonly FacilitySummaryRow[])[], limit: number): PlacedSummaryRow[] {
  return firstOfEach(placed(found.flat()), (row) => row.id).slice(0, limit);
}

/**
 * The candidates in the caller's municipalities first, then the rest (a place of the reference
 * data or Kartverket's elsewhere), each group in the order it came: a responder's own area is
 * likelier the place meant than a namesake in another county.
 */
export function ownAreaFirst(candidates: readonly PlaceCandidate[], own: ReadonlySet<string>): PlaceCandidate[] {
  const inOwn = (c: PlaceCandidate) => c.municipality !== null && own.has(c.municipality.id);
  return [...candidates.filter(inOwn), ...candidates.filter((c) => !inOwn(c))];
}

/**
 * GET /api/v1/places: a coordinate in any notation is the answer by itself; any other text is
 * looked up as a facility id, a postal code, a municipality, an address of the scope's facilities,
 * of the loaded address layer (a street and house, or a street: addresses.repository.ts) and of
 * Kartverket's service when configured, a facility name of the scope and a postal place, in that
 * order, the caller's municipalities first (`ownAreaFirst`). Facility-derived candidates come from
 * the scope's facilities only; postal codes and municipalities from the reference data only.
 */
export async function lookUpPlaces(context: PlaceLookupContext, text: string): Promise<PlaceLookup> {
  const reference = await loadPlaceReference();
  const coordinates = await coordinateCandidates(text, reference);
  if (coordinates) {
    return { candidates: coordinates.slice(0, PLACES_MAX_CANDIDATES), addressService: AddressServiceStatus.OFF, hint: null };
  }

  const { db, scope } = context;
  const readings = placeReadings(text);
  const words = readings[0] ?? [];
  const trimmed = text.trim();
  // Addresses and names are looked up once some word has three letters (fewer match too many to
  // rank); shorter input is still a municipality or postal code.
  const indexable = words.some((w) => w.length >= 3);
  const looksLikeAddress = /\p{L}/u.test(trimmed) && trimmed.length >= 3;
  const matchesSome = (targets: readonly string[]) => readings.some((reading) => matchesWords(targets, reading));
  // Whether the address layer is loaded matters only for the hint (below).
  const mayHint = looksLikeAddress && !context.geocoder;
  // Started first: the reference data is searched while the database answers.
  const lookups = Promise.all([
    findDatabasePlaces(db, scope, {
      id: asFacilityId(trimmed),
      readings,
      indexable,
      // A name has letters; digits alone are an id or a postal code.
      names: /\p{L}/u.test(trimmed),
      asksLayerLoaded: mayHint,
      limit: PLACES_MAX_CANDIDATES,
      namesLimit: MAX_FACILITIES_BY_NAME,
    }),
    looksLikeAddress ? geocode(context, trimmed) : { status: AddressServiceStatus.OFF, addresses: [] },
  ]);
  // The statement reaches the database thread a few promise steps on: let it go before the
  // reference data is searched (~1 ms), or the search runs first and the database waits.
  await new Promise((resolve) => setImmediate(resolve));

  const folded = words.join(' ');
  const municipalities = words.length === 0 ? [] : reference.municipalities.filter((m) => matchesSome(m.words));
  const exactMunicipalities = municipalities.filter((m) => foldPlaceText(m.ref.name) === folded);
  const otherMunicipalities = municipalities.filter((m) => !exactMunicipalities.includes(m)).slice(0, MAX_MUNICIPALITIES);
  const exactPostalCode = /^\d{4}$/.test(trimmed) ? reference.postalCode(trimmed) : undefined;
  const postalByPlace =
    words.length === 0 || exactPostalCode
      ? []
      : reference.postalCodes.filter((p) => matchesSome(p.words)).slice(0, MAX_POSTAL_CODES_BY_PLACE);
  const [found, geocoded] = await lookups;
  const { own, layerAddresses, layerLoaded } = found;
  const byId = placed(found.byId);
  const addresses = firstInReadings(found.addresses, PLACES_MAX_CANDIDATES);
  const byName = firstInReadings(found.names, MAX_FACILITIES_BY_NAME);

  const municipalityCandidate = ({ ref, label, latitude, longitude }: (typeof municipalities)[number]): PlaceCandidate => ({
    label,
    kind: PlaceKind.MUNICIPALITY,
    latitude,
    longitude,
    municipality: ref,
  });
  const registerAddresses = addresses.map(
    (row): PlaceCandidate => ({
      label: addressLabel(row),
      kind: PlaceKind.ADDRESS,
      latitude: row.latitude,
      longitude: row.longitude,
      municipality: municipalityOf(row),
    }),
  );
  const municipalityRef = (id: string | null) =>
    id ? (reference.municipalities.find((m) => m.ref.id === id)?.ref ?? null) : null;
  const loadedAddresses = layerAddresses.map(
    (a): PlaceCandidate => ({
      label: a.label,
      kind: PlaceKind.ADDRESS,
      latitude: a.latitude,
      longitude: a.longitude,
      municipality: municipalityRef(a.municipality_id),
    }),
  );
  const kartverketAddresses = geocoded.addresses.map(
    (a): PlaceCandidate => ({
      label: a.label,
      kind: PlaceKind.ADDRESS,
      latitude: a.latitude,
      longitude: a.longitude,
      municipality: municipalityRef(a.municipalityId),
    }),
  );
  const ordered = [
    ...byId.map(facilityCandidate),
    ...(exactPostalCode ? [postalCandidate(exactPostalCode)] : []),
    ...exactMunicipalities.map(municipalityCandidate),
    ...registerAddresses,
    ...loadedAddresses,
    ...kartverketAddresses,
    ...byName.map(facilityCandidate),
    ...postalByPlace.map(postalCandidate),
    ...otherMunicipalities.map(municipalityCandidate),
  ];
  // One candidate per kind and label: an address shared by several facilities, or known to both
  // the register and Kartverket, is listed once (the register's, which is the facility's position).
  const candidates = ownAreaFirst(
    firstOfEach(ordered, (c) => `${c.kind}:${foldPlaceText(c.label)}`),
    new Set(own),
  ).slice(0, PLACES_MAX_CANDIDATES);
  // A street and number, or a word that found nothing, may be a street the installation does not
  // know, when no address layer is loaded.
  const mayLackAddresses =
    mayHint && layerAddresses.length === 0 && (candidates.length === 0 || /\d/.test(trimmed)) && layerLoaded === false;
  const hint =
    candidates.length === 0 && looksLikeUtmWithoutZone(trimmed)
      ? PlaceHint.UTM_ZONE_MISSING
      : mayLackAddresses
        ? PlaceHint.ADDRESSES_NOT_LOADED
        : null;
  return { candidates, addressService: geocoded.status, hint };
}
