import { describe, expect, it } from 'vitest';
import { parseFacilityId } from './facility-id.ts';

describe('the facility id in the route', () => {
  it('is a positive whole number', () => {
    expect(parseFacilityId('42')).toBe(42);
  });

  it.each(['abc', '12a', '-3', '1.5', '0', '', '99999999999999999999', undefined])('is FacilityNaN for %s', (value) => {
    expect(parseFacilityId(value)).toBeNull();
  });
});
