import type { MapFacilityTuple } from '@fast/contracts';
import { describe, expect, it } from 'vitest';
import { FacilityIndex } from './facility-index.ts';

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

/** Facilities on a grid around Bergen, three of them at one exact position. */
function tuples(): MapFacilityTuple[] {
  const list: MapFacilityTuple[] = [];
  for (let i = 0; i < 500; i++)
    list.push([i + 1, 5 + (i % 25) * 0.01, 60 + Math.floor(i / 25) * 0.01, `Anlegg ${i + 1}`, i % 3, i % 7 === 0 ? 1 : 0, 1]);
  list.push(
    [1001, 5.5, 60.5, 'Samme sted A', 2, 0, 4],
    [1002, 5.5, 60.5, 'Samme sted B', 0, 0, 4],
    [1003, 5.5, 60.5, null, 1, 1, 12],
  );
  return list;
}

describe('FacilityIndex', () => {
  it('accounts for every facility at every zoom level: the counts add up to the total', () => {
    const index = new FacilityIndex(tuples());
    expect(index.size).toBe(503);
    for (const zoom of [0, 4, 8, 12, 15, 18]) {
      const total = index.clusters(WORLD, zoom).reduce((sum, f) => sum + f.properties.count, 0);
      expect(total, `zoom ${zoom}`).toBe(503);
    }
  });

  it('keeps facilities at one exact position together, as one point that opens a list', () => {
    const index = new FacilityIndex(tuples());
    const point = index.clusters([5.49, 60.49, 5.51, 60.51], 18).find((f) => !f.properties.cluster && f.properties.count === 3);
    expect(point?.properties.label).toBe('3');
    const facility = index.get(1002);
    if (!facility) throw new Error('missing');
    expect(index.samePosition(facility).map((f) => f.id)).toEqual([1001, 1002, 1003]);
  });

  it('decodes the compact tuple: level for the colour, explosives for the outline', () => {
    const index = new FacilityIndex(tuples());
    const single = index.clusters([4.99, 59.99, 5.001, 60.001], 18).find((f) => f.properties.ref === 1);
    expect(single?.properties).toMatchObject({ cluster: false, count: 1, level: 0, explosives: true });
    expect(index.get(3)?.majorAccident).toBe('PARAGRAPH_NINE');
    expect(index.bounds()).toEqual([5, 60, 5.5, 60.5]);
  });

  it('zooms a cluster in to where it splits', () => {
    const index = new FacilityIndex(tuples());
    const cluster = index.clusters(WORLD, 3).find((f) => f.properties.cluster);
    if (!cluster) throw new Error('no cluster');
    expect(index.expansionZoom(cluster.properties.ref)).toBeGreaterThan(3);
  });
});
