import { describe, expect, it } from 'vitest';
import { isValidOrganisationNumber, organisationNumberCheckDigit } from './organisation-number.ts';

describe('organisation numbers', () => {
  it('accepts real organisation numbers', () => {
    // DSB and Brønnøysundregistrene.
    expect(isValidOrganisationNumber('974760673')).toBe(true);
    expect(isValidOrganisationNumber('974760983')).toBe(true);
  });
  it('rejects a wrong check digit, wrong length and non-digits', () => {
    expect(isValidOrganisationNumber('974760674')).toBe(false);
    expect(isValidOrganisationNumber('97476067')).toBe(false);
    expect(isValidOrganisationNumber('97476067a')).toBe(false);
  });
  it('has no check digit where the remainder is 1', () => {
    const firstEight = Array.from({ length: 1000 }, (_, i) => String(91000000 + i)).find(
      (n) => organisationNumberCheckDigit(n) === null,
    );
    expect(firstEight).toBeDefined();
  });
});
