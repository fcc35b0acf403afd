import { describe, expect, it } from 'vitest';
import { demoVulnerableObjectRows } from './demo-vulnerable-objects.ts';
import { loadPlaces } from './places.ts';

describe('the demo vulnerable objects', () => {
  it('are deterministic, as many per inhabitant as Norway has, each inside its municipality', async () => {
    const places = await loadPlaces();
    const rows = demoVulnerableObjectRows(places);
    expect(demoVulnerableObjectRows(places)).toEqual(rows);
    const count = (kind: string) => rows.filter((r) => r.kind === kind).length;
    // Norway: ~5 500 kindergartens, ~2 800 schools, ~1 000 care homes.
    expect(count('kindergarten')).toBeGreaterThan(5_000);
    expect(count('school')).toBeGreaterThan(2_500);
    expect(count('care-home')).toBeGreaterThan(900);
    // A hospital in each town of 40 000 or more: Bergen's among them.
    expect(rows.filter((r) => r.kind === 'hospital' && r.municipalityId === '4601')).toHaveLength(1);
    expect(new Set(rows.map((r) => r.sourceId)).size).toBe(rows.length);
    const outside = rows.filter(
      (r) => r.municipalityId === null || !places.geometry.contains(r.municipalityId, r.longitude, r.latitude),
    );
    // pointIn falls back to the label point when 200 tries miss: still inside.
    expect(outside).toEqual([]);
  });
});
