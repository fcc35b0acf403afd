import * as SunCalc from 'suncalc';
import { describe, expect, it } from 'vitest';
import { daylightAt } from './daylight.ts';

const TROMSO = { latitude: 69.6492, longitude: 18.9553 };
const OSLO = { latitude: 59.9139, longitude: 10.7522 };
const at = (iso: string, p: { latitude: number; longitude: number }) => daylightAt(new Date(iso), p.latitude, p.longitude);

describe('daylightAt', () => {
  it('midnight sun in Tromsø in June is day', () => {
    expect(at('2026-06-21T00:00:00+02:00', TROMSO)).toBe('day');
    expect(at('2026-06-21T12:00:00+02:00', TROMSO)).toBe('day');
  });

  it('polar night in Tromsø in December is night, noon included', () => {
    expect(at('2026-12-21T12:00:00+01:00', TROMSO)).toBe('night');
    expect(at('2026-12-21T00:00:00+01:00', TROMSO)).toBe('night');
  });

  it('Oslo at 12:00 is day and at 00:00 night, summer and winter', () => {
    for (const day of ['2026-03-20', '2026-06-21', '2026-12-21']) {
      const offset = day.includes('-06-') ? '+02:00' : '+01:00';
      expect(at(`${day}T12:00:00${offset}`, OSLO), day).toBe('day');
      expect(at(`${day}T00:00:00${offset}`, OSLO), day).toBe('night');
    }
  });

  it('turns at the sunrise and sunset SunCalc computes, to the minute', () => {
    const times = SunCalc.getTimes(new Date('2026-03-20T12:00:00Z'), OSLO.latitude, OSLO.longitude);
    const sunrise = (times.sunrise as Date).getTime();
    const sunset = (times.sunset as Date).getTime();
    const minute = 60_000;
    expect(daylightAt(new Date(sunrise - minute), OSLO.latitude, OSLO.longitude)).toBe('night');
    expect(daylightAt(new Date(sunrise + minute), OSLO.latitude, OSLO.longitude)).toBe('day');
    expect(daylightAt(new Date(sunset - minute), OSLO.latitude, OSLO.longitude)).toBe('day');
    expect(daylightAt(new Date(sunset + minute), OSLO.latitude, OSLO.longitude)).toBe('night');
  });
});
