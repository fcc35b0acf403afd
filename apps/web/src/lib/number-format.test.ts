import { describe, expect, it } from 'vitest';
import { formatNumber, formatQuantity } from './number-format.ts';

// Intl writes a no-break space between thousands and a minus sign for negatives.
const plain = (text: string) => text.replace(/\s/g, ' ').replace('\u2212', '-');

describe('number format', () => {
  it('writes quantities with a decimal comma, thousands apart and at most three decimals', () => {
    expect(formatQuantity(1.23456)).toBe('1,235');
    expect(plain(formatQuantity(1234567.5))).toBe('1 234 567,5');
  });

  it('rounds to the decimals asked for, whole numbers by default', () => {
    expect(plain(formatNumber(1336))).toBe('1 336');
    expect(formatNumber(2.345, 1)).toBe('2,3');
    expect(formatNumber(2.35, 2)).toBe('2,35');
    expect(plain(formatNumber(-1234.5, 1))).toBe('-1 234,5');
  });
});
