import { TABLE3_CONTAINERS } from '@fast/contracts';
import { describe, expect, it } from 'vitest';
import {
  CHLORINE_LARGE_SPILL_REQUEST,
  CHLORINE_SUMMARY,
  EXPLOSIVE_SUMMARY,
  PROPANE_SUMMARY,
  WATERWORKS_POSITION,
  waterworks,
} from './test-fixtures.ts';
import {
  choiceProblems,
  needsWindDirection,
  proposedChoices,
  type ZoneChoices,
  type ZoneSubstance,
  zoneSubjectOf,
  zonesRequestOf,
} from './zone-subject.ts';

const CHLORINE_CONTAINERS = [
  'rail-tank-car',
  'highway-tank-truck',
  'multiple-ton-cylinders',
  'multiple-small-cylinders-or-single-ton-cylinder',
] as const;

const substance = (over: Partial<ZoneSubstance>): ZoneSubstance => ({
  unNumber: '1017',
  name: 'Klor',
  nameNn: 'Klor',
  hazard: CHLORINE_SUMMARY,
  kilograms: 4000,
  tankLitres: null,
  ...over,
});

describe('the zones’ subject', () => {
  it('takes the substances with an ERG guide, their quantities summed, the largest tank in litres, and proposes the setter of the largest distance', () => {
    const subject = zoneSubjectOf(waterworks());
    expect(subject).toEqual({
      facilityId: 42,
      name: 'Kismul vannverk',
      position: WATERWORKS_POSITION,
      substances: [
        { unNumber: '1017', name: 'Klor', nameNn: 'Klor', hazard: CHLORINE_SUMMARY, kilograms: 4000, tankLitres: null },
        { unNumber: '1978', name: 'Propan', nameNn: 'Propan', hazard: PROPANE_SUMMARY, kilograms: 6500, tankLitres: 4500 },
      ],
      proposedUnNumber: '1017',
    });
  });

  it('has nothing to draw for a facility without a position', () => {
    expect(zoneSubjectOf({ ...waterworks(), position: null })).toBeNull();
  });

  it('proposes the container from the stored quantity among the gas’s own rows, and a large spill beyond a small package', () => {
    // A few tonnes of chlorine at a waterworks: multiple ton cylinders.
    expect(proposedChoices(substance({}), CHLORINE_CONTAINERS)).toMatchObject({
      spill: 'large',
      container: 'multiple-ton-cylinders',
    });
    // Half a tonne: one ton cylinder (or several small ones).
    expect(proposedChoices(substance({ kilograms: 500 }), CHLORINE_CONTAINERS).container).toBe(
      'multiple-small-cylinders-or-single-ton-cylinder',
    );
    // Fifty tonnes: a rail tank car's load.
    expect(proposedChoices(substance({ kilograms: 50_000 }), CHLORINE_CONTAINERS).container).toBe('rail-tank-car');
    // Ammonia's few tonnes where the gas has a nurse tank but not ton cylinders.
    expect(proposedChoices(substance({}), ['rail-tank-car', 'agricultural-nurse-tank']).container).toBe(
      'agricultural-nurse-tank',
    );
    expect(proposedChoices(substance({ kilograms: 50 }), CHLORINE_CONTAINERS).spill).toBe('small');
    // No container before the card has named the gas's rows.
    expect(proposedChoices(substance({}), null).container).toBeNull();
    expect(TABLE3_CONTAINERS).toContain('multiple-ton-cylinders');
  });

  it('needs the wind’s direction exactly where a zone lies downwind', () => {
    expect(needsWindDirection(CHLORINE_SUMMARY, 'small')).toBe(true);
    expect(needsWindDirection(CHLORINE_SUMMARY, 'large')).toBe(true);
    expect(needsWindDirection(PROPANE_SUMMARY, 'large')).toBe(true);
    // The guide's small spill is an isolation only; the explosives' evacuation is all-around.
    expect(needsWindDirection(PROPANE_SUMMARY, 'small')).toBe(false);
    expect(needsWindDirection(EXPLOSIVE_SUMMARY, 'large')).toBe(false);
  });

  it('says what is missing, and sends only what the choice needs', () => {
    const subject = zoneSubjectOf(waterworks());
    if (!subject) throw new Error('no subject');
    const [chlorine, propane] = subject.substances as [ZoneSubstance, ZoneSubstance];
    const choices: ZoneChoices = {
      unNumber: '1017',
      spill: 'large',
      fire: false,
      container: 'multiple-ton-cylinders',
      windFromDegrees: null,
      windSpeed: null,
      daylight: 'sun',
    };
    expect(choiceProblems(chlorine, choices)).toEqual(['windRequired', 'speedRequired']);
    const complete = { ...choices, windFromDegrees: 225, windSpeed: 'moderate' as const };
    expect(choiceProblems(chlorine, complete)).toEqual([]);
    expect(zonesRequestOf(subject, chlorine, complete)).toEqual(CHLORINE_LARGE_SPILL_REQUEST);
    // A small spill goes by Table 1: no container; the user's night is sent, the sun's is not.
    expect(zonesRequestOf(subject, chlorine, { ...complete, spill: 'small', daylight: 'night' })).toEqual({
      unNumber: '1017',
      latitude: WATERWORKS_POSITION[1],
      longitude: WATERWORKS_POSITION[0],
      spill: 'small',
      fire: false,
      windFromDegrees: 225,
      windSpeed: 'moderate',
      daylight: 'night',
    });
    // Propane in fire: the largest tank for the BLEVE table; the wind's speed is not needed.
    const propaneChoices = { ...choices, unNumber: '1978', container: null, fire: true, windFromDegrees: 270 };
    expect(choiceProblems(propane, propaneChoices)).toEqual([]);
    expect(zonesRequestOf(subject, propane, propaneChoices)).toEqual({
      unNumber: '1978',
      latitude: WATERWORKS_POSITION[1],
      longitude: WATERWORKS_POSITION[0],
      spill: 'large',
      fire: true,
      tankLitres: 4500,
      windFromDegrees: 270,
    });
  });
});
