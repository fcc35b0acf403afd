import { describe, expect, it } from 'vitest';
import { placeReadings } from '../reference/place-text.ts';
import { addressQueries, mayBeMisspelt } from './address-query.ts';

const queries = (text: string) => placeReadings(text).flatMap(addressQueries);

describe('a typed address as the address layer is asked', () => {
  it('takes the first number after the street for the house, the rest for the street', () => {
    expect(queries('Torgallmenningen 1')).toEqual([{ streetWords: ['torgallmenningen'], house: '1' }]);
    expect(queries('torgallmenningen 1 bergen')).toEqual([{ streetWords: ['torgallmenningen', 'bergen'], house: '1' }]);
    expect(queries('Havneveien 12, 5003')).toEqual([{ streetWords: ['havneveien', '5003'], house: '12' }]);
    expect(queries('5003 Havneveien 12')).toEqual([{ streetWords: ['5003', 'havneveien'], house: '12' }]);
  });

  it('joins a house letter to its number, and also reads a last lone letter as the start of a word', () => {
    expect(queries('Kaiveien 12B')).toEqual([{ streetWords: ['kaiveien'], house: '12b' }]);
    expect(queries('Kaiveien 12 B')).toEqual([
      { streetWords: ['kaiveien'], house: '12b' },
      { streetWords: ['kaiveien', 'b'], house: '12' },
    ]);
  });

  it('reads a street alone as the street, and four digits as a house or a postal code', () => {
    expect(queries('Bryggen')).toEqual([{ streetWords: ['bryggen'], house: null }]);
    expect(queries('Øvre Ågotnes vei')).toEqual([{ streetWords: ['ovre', 'agotnes', 'vei'], house: null }]);
    expect(queries('Storgata 5003')).toEqual([
      { streetWords: ['storgata'], house: '5003' },
      { streetWords: ['storgata', '5003'], house: null },
    ]);
  });

  it('asks nothing of digits alone: a postal code or an id is not a street', () => {
    expect(queries('5003')).toEqual([]);
    expect(queries('12 34')).toEqual([]);
  });

  it('looks for misspellings of plain words of five letters or more', () => {
    expect(['storgaat', 'brygen'].every(mayBeMisspelt)).toBe(true);
    expect(['gata', '5003', '12b'].some(mayBeMisspelt)).toBe(false);
  });
});
