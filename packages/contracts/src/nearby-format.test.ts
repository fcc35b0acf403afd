import { describe, expect, it } from 'vitest';
import { compassDirection, formatDistance, formatRadius } from './nearby-format.ts';

describe('compassDirection', () => {
  it('names the eight sectors, each centred on its direction', () => {
    const cases: [number, string][] = [
      [0, 'N'],
      [22.4, 'N'],
      [22.5, 'NØ'],
      [45, 'NØ'],
      [90, 'Ø'],
      [135, 'SØ'],
      [180, 'S'],
      [225, 'SV'],
      [270, 'V'],
      [315, 'NV'],
      [337.4, 'NV'],
      [337.5, 'N'],
      [359.99, 'N'],
    ];
    for (const [bearing, direction] of cases) expect(compassDirection(bearing), `${bearing}°`).toBe(direction);
  });
  it('takes bearings outside 0–360', () => {
    expect(compassDirection(-90)).toBe('V');
    expect(compassDirection(450)).toBe('Ø');
    expect(compassDirection(-180)).toBe('S');
  });
});

describe('formatDistance', () => {
  it('writes metres below a kilometre and kilometres with a decimal comma above', () => {
    expect(formatDistance(0)).toBe('0 m');
    expect(formatDistance(349.6)).toBe('350 m');
    expect(formatDistance(999.4)).toBe('999 m');
    expect(formatDistance(999.6)).toBe('1,0 km');
    expect(formatDistance(1234)).toBe('1,2 km');
    expect(formatDistance(9949)).toBe('9,9 km');
    expect(formatDistance(9951)).toBe('10 km');
    expect(formatDistance(49_600)).toBe('50 km');
  });
  it('groups thousands of kilometres as Norwegian does', () => {
    expect(formatDistance(1_250_000)).toBe('1\u00a0250 km');
  });
  it('never shows a negative distance', () => {
    expect(formatDistance(-3)).toBe('0 m');
  });
});

describe('formatRadius', () => {
  it('says metres below a kilometre, kilometres with a decimal comma above', () => {
    expect([100, 500, 1000, 1500, 2000, 50_000].map(formatRadius)).toEqual(['100 m', '500 m', '1 km', '1,5 km', '2 km', '50 km']);
  });
});
