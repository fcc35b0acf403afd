import { describe, expect, it } from 'vitest';
import type { ErgSourceRecord } from './erg-source.ts';
import { representativeRecord } from './erg-tables.ts';

const record = (Material: string, LG_NTE: number, SM_NTE = 100): ErgSourceRecord => ({ Material, LG_NTE, SM_NTE, SM_ISO: 30 });

describe('representativeRecord', () => {
  it('passes over weaponised agents and keeps the largest distances of the rest', () => {
    const chosen = representativeRecord([
      record('CG (Weaponized Phosgene)', 11_000),
      record('DP (Weaponized Phosgene)', 2_400),
      record('Phosgene', 9_000),
    ]);
    expect(chosen?.Material).toBe('Phosgene');
    expect(representativeRecord([record('Bromine', 7_500), record('Bromine, solution (Zone B)', 500)])?.Material).toBe('Bromine');
    expect(representativeRecord([record('A', 500, 100), record('B', 500, 200)])?.Material).toBe('B');
    expect(representativeRecord([])).toBeNull();
  });
});
