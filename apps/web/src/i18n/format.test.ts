import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatOrganisationNumber, formatPhone } from './format.ts';

describe('dates in Norwegian time', () => {
  it('formats dd.MM.yyyy in Europe/Oslo, not in UTC', () => {
    expect(formatDate('2024-12-31T23:30:00Z')).toBe('01.01.2025');
    expect(formatDate('2025-03-05T10:00:00Z')).toBe('05.03.2025');
  });

  it('formats dd.MM.yyyy HH:mm with summer and winter time', () => {
    expect(formatDateTime('2025-07-01T12:05:00Z')).toBe('01.07.2025 14:05');
    expect(formatDateTime('2025-01-15T12:05:00Z')).toBe('15.01.2025 13:05');
    expect(formatDateTime(new Date('2025-01-15T23:00:00Z'))).toBe('16.01.2025 00:00');
  });
});

describe('digit grouping', () => {
  it('groups an organisation number 3-3-3', () => {
    expect(formatOrganisationNumber('974760673')).toBe('974 760 673');
  });

  it('groups an eight-digit phone number 2-2-2-2', () => {
    expect(formatPhone('33412500')).toBe('33 41 25 00');
  });

  it('leaves a phone number of another length as given', () => {
    expect(formatPhone('+47 800 12 345')).toBe('+47 800 12 345');
  });
});
