import { describe, expect, it } from 'vitest';
import { demoAddressRows } from './demo-addresses.ts';

const facility = (
  street_address: string | null,
  postal_code = '5003',
  latitude: number | null = 60.39,
  longitude: number | null = 5.32,
) => ({
  street_address,
  postal_code,
  postal_place: 'Bergen',
  municipality_id: '4601',
  latitude,
  longitude,
});

describe('the demo address layer', () => {
  it("is every placed facility's street address once, at the facility, with its number and letter", () => {
    const rows = demoAddressRows([
      facility('Kirkeveien 52B'),
      facility('kirkeveien 52b', '5003', 60.4, 5.4),
      facility('Kirkeveien 52B', '5004'),
      facility('Industrivegen 7', '5003', 60.1, 5.1),
      facility('Ved sjøen'),
      facility(null),
    ]);
    expect(rows).toEqual([
      {
        id: 1,
        municipalityId: '4601',
        street: 'Kirkeveien',
        number: 52,
        letter: 'B',
        postalCode: '5003',
        postalPlace: 'Bergen',
        latitude: 60.39,
        longitude: 5.32,
      },
      {
        id: 2,
        municipalityId: '4601',
        street: 'Kirkeveien',
        number: 52,
        letter: 'B',
        postalCode: '5004',
        postalPlace: 'Bergen',
        latitude: 60.39,
        longitude: 5.32,
      },
      {
        id: 3,
        municipalityId: '4601',
        street: 'Industrivegen',
        number: 7,
        letter: null,
        postalCode: '5003',
        postalPlace: 'Bergen',
        latitude: 60.1,
        longitude: 5.1,
      },
    ]);
  });
});
