import { describe, expect, it } from 'vitest';
import { nextRadius } from './radius.ts';

describe('nextRadius', () => {
  it('offers the next chip, then twice the radius up to 50 km, then nothing', () => {
    expect([50, 100, 300, 500, 1000, 2000].map(nextRadius)).toEqual([100, 300, 500, 1000, 2000, 5000]);
    expect(nextRadius(5000)).toBe(10_000);
    expect(nextRadius(30_000)).toBe(50_000);
    expect(nextRadius(50_000)).toBeNull();
  });
});
