import { describe, expect, it } from 'vitest';
import { localUtmZone } from './facility.ts';

describe('localUtmZone', () => {
  it('follows the county of the municipality: 32 up to and including Trøndelag, 33 Nordland, 35 Troms and Finnmark', () => {
    const southern = ['0301', '1103', '1508', '3101', '3201', '3301', '3421', '3901', '4001', '4204', '4601', '5001', '5042'];
    for (const municipality of southern) expect(localUtmZone(municipality), municipality).toBe(32);
    for (const municipality of ['1804', '1806', '1875']) expect(localUtmZone(municipality), municipality).toBe(33);
    for (const municipality of ['5501', '5503', '5601', '5605', '5634'])
      expect(localUtmZone(municipality), municipality).toBe(35);
  });
});
