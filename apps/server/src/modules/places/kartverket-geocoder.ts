/** One address of Kartverket's answer, reduced to what the lookup shows. */
export interface GeocodedAddress {
  label: string;
  latitude: number;
  longitude: number;
  municipalityId: string | null;
}

export interface Geocoder {
  search(text: string, limit: number): Promise<GeocodedAddress[]>;
}

/** The address service failed: its message says how, for the log; the caller is told it is unavailable. */
export class GeocoderError extends Error {}

/** What FAST reads of `GET /adresser/v1/sok` (Kartverket's address API, https://ws.geonorge.no/adresser/v1/). */
interface KartverketAnswer {
  adresser?: {
    adressetekst?: string;
    postnummer?: string;
    poststed?: string;
    kommunenummer?: string;
    representasjonspunkt?: { epsg?: string; lat?: number; lon?: number };
  }[];
}

const titleCase = (text: string) =>
  text.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, gap: string, c: string) => gap + c.toUpperCase());

/**
 * Kartverket's address search (`{url}/adresser/v1/sok`), asked from the server with a time limit.
 * Positions are asked for in EUREF89 geographic (EPSG:4258), which FAST takes as WGS84 as it does
 * everywhere. Throws GeocoderError on a timeout, an error status or an answer of another shape.
 */
export function kartverketGeocoder(options: { url: string; timeoutMs: number }): Geocoder {
  const endpoint = `${options.url.replace(/\/$/, '')}/adresser/v1/sok`;
  return {
    async search(text, limit) {
      const query = new URLSearchParams({
        sok: text,
        treffPerSide: String(limit),
        side: '0',
        utkoordsys: '4258',
        asciiKompatibel: 'true',
      });
      let answer: KartverketAnswer;
      try {
        const response = await fetch(`${endpoint}?${query}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!response.ok) throw new GeocoderError(`Kartverkets adressesøk svarte med status ${response.status}.`);
        answer = (await response.json()) as KartverketAnswer;
      } catch (error) {
        if (error instanceof GeocoderError) throw error;
        if (error instanceof Error && error.name === 'TimeoutError') {
          throw new GeocoderError(`Kartverkets adressesøk svarte ikke innen ${options.timeoutMs} ms.`, { cause: error });
        }
        throw new GeocoderError('Kartverkets adressesøk kunne ikke nås eller svarte ikke med JSON.', { cause: error });
      }
      if (!Array.isArray(answer?.adresser)) throw new GeocoderError('Kartverkets adressesøk svarte uten adresseliste.');
      return answer.adresser.flatMap((a): GeocodedAddress[] => {
        const point = a.representasjonspunkt;
        if (!a.adressetekst || typeof point?.lat !== 'number' || typeof point.lon !== 'number') return [];
        const place = [a.postnummer, a.poststed ? titleCase(a.poststed) : undefined].filter(Boolean).join(' ');
        return [
          {
            label: place ? `${a.adressetekst}, ${place}` : a.adressetekst,
            latitude: point.lat,
            longitude: point.lon,
            municipalityId: a.kommunenummer && /^\d{4}$/.test(a.kommunenummer) ? a.kommunenummer : null,
          },
        ];
      });
    },
  };
}
