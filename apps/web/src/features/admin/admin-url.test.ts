import { describe, expect, it } from 'vitest';
import { type AdminUrlState, parseAdminParams, toAdminParams } from './admin-url.ts';

const full: AdminUrlState = {
  tab: 'tilgangslogg',
  offset: 100,
  countyId: '46',
  municipalityCode: '4601',
  organisationNumber: '910000047',
  minAgeDays: '14',
  fromDay: '2026-01-01',
  toDay: '2026-01-31',
  action: 'EXPORT',
  user: 'kari',
  facilityId: '123',
};

describe('the admin console in the URL', () => {
  it('survives a round trip under its Norwegian names', () => {
    const params = toAdminParams(full);
    expect(params.toString()).toBe(
      'fane=tilgangslogg&fylke=46&kommune=4601&virksomhet=910000047&alder=14&fra=2026-01-01&til=2026-01-31&handling=EXPORT&bruker=kari&anlegg=123&side=100',
    );
    expect(parseAdminParams(new URLSearchParams(params.toString()))).toEqual(full);
  });

  it('reads an empty URL as the first tab at its first row, and leaves defaults out', () => {
    const state = parseAdminParams(new URLSearchParams(''));
    expect(state).toEqual({ tab: 'foresporsler', offset: 0 });
    expect(toAdminParams(state).toString()).toBe('');
  });

  it('gives the reference data tab a URL of its own', () => {
    const state = parseAdminParams(new URLSearchParams('fane=referansedata'));
    expect(state).toEqual({ tab: 'referansedata', offset: 0 });
    expect(toAdminParams(state).toString()).toBe('fane=referansedata');
  });

  it('leaves out what the admin API would refuse', () => {
    const state = parseAdminParams(
      new URLSearchParams(
        `fane=nope&side=-5&fylke=4&kommune=asker&virksomhet=12345&alder=x&fra=1.1.2026&til=2026-02-01&handling=DELETE&bruker=${'u'.repeat(101)}&anlegg=12a`,
      ),
    );
    expect(state).toEqual({ tab: 'foresporsler', offset: 0, toDay: '2026-02-01' });
  });
});
