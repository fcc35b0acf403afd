import { describe, expect, it } from 'vitest';
import { DEFAULT_RADIUS_METERS, incidentSearchParams, incidentUrl, nextRadius, parseIncidentParams } from './incident-url.ts';

const parse = (query: string) => parseIncidentParams(new URLSearchParams(query));

describe('the incident in the URL', () => {
  it('reads a shared link back as it was written', () => {
    const state = { point: { latitude: 60.3913, longitude: 5.3221 }, radiusMeters: 1000, query: 'Kaiveien 12, Ågotnes' };
    const written = incidentSearchParams(state).toString();
    expect(written).toBe('lat=60.391300&lon=5.322100&r=1000&q=Kaiveien+12%2C+%C3%85gotnes');
    expect(parse(written)).toEqual(state);
  });

  it('starts empty, with the default radius', () => {
    expect(parse('')).toEqual({ point: null, radiusMeters: DEFAULT_RADIUS_METERS, query: '' });
  });

  it.each([
    ['lat=91&lon=5', 'latitude beyond 90'],
    ['lat=60&lon=181', 'longitude beyond 180'],
    ['lat=60', 'no longitude'],
    ['lat=6e1&lon=5', 'exponent notation'],
    ['lat=&lon=5', 'an empty latitude'],
    ['lat=60,39&lon=5', 'a decimal comma'],
  ])('leaves out a point that does not fit (%s: %s)', (query) => {
    expect(parse(query).point).toBeNull();
  });

  it.each(['0', '-5', '50001', '1.5', 'abc', ''])('falls back to the default for radius %j', (r) => {
    expect(parse(`r=${r}`).radiusMeters).toBe(DEFAULT_RADIUS_METERS);
  });

  it('takes any whole radius from 1 m to 50 km', () => {
    expect(parse('r=1').radiusMeters).toBe(1);
    expect(parse('r=50000').radiusMeters).toBe(50_000);
    expect(parse('r=750').radiusMeters).toBe(750);
  });

  it('keeps at most 200 characters of the place text', () => {
    expect(parse(`q=${'a'.repeat(300)}`).query).toHaveLength(200);
  });

  it('links to a point from the map or a facility with the default radius', () => {
    expect(incidentUrl({ latitude: 60.39, longitude: 5.32 }, 'Tank A')).toBe(
      '/hendelse?lat=60.390000&lon=5.320000&r=500&q=Tank+A',
    );
    expect(incidentUrl({ latitude: 60.39, longitude: 5.32 })).toBe('/hendelse?lat=60.390000&lon=5.320000&r=500');
  });
});

describe('nextRadius', () => {
  it('offers the next chip, then twice the radius up to 50 km, then nothing', () => {
    expect([50, 100, 300, 500, 1000, 2000].map(nextRadius)).toEqual([100, 300, 500, 1000, 2000, 5000]);
    expect(nextRadius(5000)).toBe(10_000);
    expect(nextRadius(30_000)).toBe(50_000);
    expect(nextRadius(50_000)).toBeNull();
  });
});
