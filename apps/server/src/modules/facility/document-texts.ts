import type { DocumentLanguageValue, MajorAccidentValue, QuantityUnit, UtmCoordinate } from '@fast/contracts';

/** The facility's relation to the Major Accident Regulations, as documents write it. */
export const MAJOR_ACCIDENT_TEXT: Record<DocumentLanguageValue, Record<MajorAccidentValue, string>> = {
  nb: {
    NOT_AFFECTED: 'Ikke omfattet av storulykkeforskriften',
    PARAGRAPH_SIX: 'Meldepliktig etter § 6 i storulykkeforskriften',
    PARAGRAPH_NINE: 'Sikkerhetsrapportpliktig etter § 9 i storulykkeforskriften',
  },
  nn: {
    NOT_AFFECTED: 'Ikkje omfatta av storulykkeforskrifta',
    PARAGRAPH_SIX: 'Meldepliktig etter § 6 i storulykkeforskrifta',
    PARAGRAPH_NINE: 'Tryggleiksrapportpliktig etter § 9 i storulykkeforskrifta',
  },
};

const UNIT: Record<QuantityUnit, string> = { m3: 'm³', liter: 'liter', tonn: 'tonn', kg: 'kg' };
const number = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 3 });

export const formatQuantity = (value: number, unit: QuantityUnit) => `${number.format(value)} ${UNIT[unit]}`;

/** A UTM position in whole metres, northing first, as the facility screen shows it. */
export const formatUtm = (coordinate: Pick<UtmCoordinate, 'north' | 'east'>) =>
  `N ${Math.round(coordinate.north)} m, Ø ${Math.round(coordinate.east)} m`;

const osloFormat = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock fields of a moment in Norwegian time, two digits each (year four). */
export function osloParts(date: Date): Record<string, string> {
  return Object.fromEntries(osloFormat.formatToParts(date).map((part) => [part.type, part.value]));
}

/** dd.MM.yyyy in Norwegian time. */
export function osloDate(date: Date): string {
  const p = osloParts(date);
  return `${p.day}.${p.month}.${p.year}`;
}

/** dd.MM.yyyy kl. HH:mm in Norwegian time. */
export function osloDateTime(date: Date): string {
  const p = osloParts(date);
  return `${p.day}.${p.month}.${p.year} kl. ${p.hour}:${p.minute}`;
}

/** A stored 'YYYY-MM-DD' date as dd.MM.yyyy. */
export const isoDateText = (iso: string) => iso.split('-').reverse().join('.');
