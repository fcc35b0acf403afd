import { describe, expect, it } from 'vitest';
import { i18next } from '../../i18n/i18n.ts';
import { nn } from '../../i18n/locales/nn.ts';
import { asksForSafetyZones, distanceSetterText } from './safety-zones.ts';

const AMMONIA = {
  unNumber: '1005',
  name: 'Ammoniakk, vannfri',
  nameNn: 'Ammoniakk, vassfri',
  edition: '2016',
  allDirections: false,
};
const CHLORINE = { unNumber: '1017', name: 'Klor', nameNn: 'Klor', edition: '2016', allDirections: false };

describe('safety zones', () => {
  it('names each largest distance with the substance that sets it and its source', () => {
    expect(distanceSetterText({ metres: 100, ...CHLORINE, table: 'guide', allDirections: true }, i18next.t, 'nb')).toBe(
      '100\u00a0m – Klor (UN 1017); ERG 2016, veiledningen',
    );
    expect(distanceSetterText({ metres: 1200, ...AMMONIA, table: 'guide' }, i18next.t, 'nb')).toBe(
      '1,2\u00a0km – Ammoniakk, vannfri (UN 1005); ERG 2016, veiledningen',
    );
  });

  it('speaks Nynorsk with the substance’s Nynorsk name', () => {
    i18next.addResourceBundle('nn', 'translation', nn, true, true);
    const text = distanceSetterText({ metres: 30, ...AMMONIA, table: '1', allDirections: true }, i18next.getFixedT('nn'), 'nn');
    expect(text).toBe('30\u00a0m – Ammoniakk, vassfri (UN 1005); ERG 2016, tabell 1');
  });

  it('says the night and the day figure of a protective distance from table 1', () => {
    expect(distanceSetterText({ metres: 3700, dayMetres: 1600, ...AMMONIA, table: '1' }, i18next.t, 'nb')).toBe(
      '3,7\u00a0km natt / 1,6\u00a0km dag – Ammoniakk, vannfri (UN 1005); ERG 2016, tabell 1',
    );
  });

  it('names the container and the wind of a Table 3 figure', () => {
    const setter = {
      metres: 4000,
      dayMetres: 2100,
      ...CHLORINE,
      table: '3' as const,
      container: 'multiple-ton-cylinders' as const,
    };
    expect(distanceSetterText(setter, i18next.t, 'nb')).toBe(
      '4,0\u00a0km natt / 2,1\u00a0km dag – Klor (UN 1017); ERG 2016, tabell 3: flere tonnsylindere, svak vind',
    );
  });

  it('knows the facility page’s request in the navigation state', () => {
    expect([{ safetyZones: true }, { safetyZones: 'yes' }, null, undefined, 'safetyZones'].map(asksForSafetyZones)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
