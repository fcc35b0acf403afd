import { describe, expect, it } from 'vitest';
import type { SearchReference } from '../catalogue/search-reference.ts';
import type { SearchHitRow } from '../facility/facility-rows.repository.ts';
import { exportCells } from './facility-export.ts';

const reference: SearchReference = {
  rows: { unitTypes: [], groups: [], substances: [], counties: [], municipalities: [] },
  unitTypes: new Map([
    [1, { nb: 'Drivstoffanlegg', nn: 'Drivstoffanlegg' }],
    [2, { nb: 'Tankanlegg', nn: 'Tankanlegg' }],
    [3, { nb: 'Forbruksanlegg', nn: 'Forbruksanlegg' }],
    [4, { nb: 'Gassbeholder', nn: 'Gassbehaldar' }],
  ]),
  groups: new Map(),
  substances: new Map(),
  counties: new Map(),
};

const row = (unitTypeIds: number[], firstNotificationOn: string | null): SearchHitRow => ({
  id: 1001,
  is_private: false,
  name: 'Propanlager Oslo AS',
  street_address: 'Storgata 1',
  postal_code: '0155',
  postal_place: 'Oslo',
  municipality_id: '0301',
  municipality_name: 'Oslo',
  first_notification_on: firstNotificationOn,
  owner_name: 'Testeier AS',
  major_accident: 'NOT_AFFECTED',
  has_position: true,
  unit_type_ids: unitTypeIds,
  latitude: 59.91,
  longitude: 10.75,
  position_accuracy: 'EXACT',
});

describe('exportCells', () => {
  it('names the unit types once each, in unit order and in the asked language, however often a list recurs', () => {
    const unitTypes = (ids: number[], lang: 'nb' | 'nn') => exportCells(row(ids, null), '', reference, lang)[11];
    for (let i = 0; i < 2; i++) {
      expect(unitTypes([4, 1, 4], 'nb')).toBe('Gassbeholder, Drivstoffanlegg');
      expect(unitTypes([4, 1, 4], 'nn')).toBe('Gassbehaldar, Drivstoffanlegg');
      expect(unitTypes([1, 4], 'nb')).toBe('Drivstoffanlegg, Gassbeholder');
      expect(unitTypes([2, 3], 'nb')).toBe('Tankanlegg, Forbruksanlegg');
      expect(unitTypes([], 'nb')).toBe('');
      expect(unitTypes([9], 'nn')).toBe('9');
    }
  });

  it('writes the first notification as that calendar day at UTC midnight (the day Excel shows), or empty', () => {
    expect(exportCells(row([1], '2015-03-02'), '', reference, 'nb')[8]).toEqual(new Date(Date.UTC(2015, 2, 2)));
    expect(exportCells(row([1], '1999-12-31'), '', reference, 'nb')[8]).toEqual(new Date(Date.UTC(1999, 11, 31)));
    expect(exportCells(row([1], null), '', reference, 'nb')[8]).toBeNull();
  });
});
