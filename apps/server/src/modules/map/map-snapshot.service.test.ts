import { describe, expect, it } from 'vitest';
import { sliceBlocks } from './map-snapshot.service.ts';

// Blocks of 3 facilities, as the snapshot stores them: tuples reduced to their ids here.
const blocks = ['[[1],[2],[3]]', '[[4],[5],[6]]', '[[7]]'];
const ids = (text: string) => (JSON.parse(text) as number[][]).map(([id]) => id);

describe('sliceBlocks', () => {
  it('joins whole blocks as they are', () => {
    expect(sliceBlocks(blocks, 3, 0, 7)).toBe('[[1],[2],[3],[4],[5],[6],[7]]');
  });

  it.each([
    [0, 2, [1, 2]],
    [2, 3, [3, 4, 5]],
    [4, 1, [5]],
    [3, 3, [4, 5, 6]],
    [5, 10, [6, 7]],
    [6, 1, [7]],
  ])('cuts at any start and length (skip %i, take %i)', (skip, take, expected) => {
    expect(ids(sliceBlocks(blocks, 3, skip, take))).toEqual(expected);
  });

  it('answers an empty array when nothing is taken', () => {
    expect(sliceBlocks(blocks, 3, 0, 0)).toBe('[]');
    expect(sliceBlocks([], 3, 0, 5)).toBe('[]');
  });
});
