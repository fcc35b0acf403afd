import { describe, expect, it } from 'vitest';
import { isChildSelected, isWhole, type TreeEntry, toggleChild, toggleWhole } from './tree-selection.ts';

const ALL = ['4601', '4624', '4631'];

describe('two-level selection (county → municipalities, group → substances)', () => {
  it('ticks and unticks a whole parent', () => {
    const whole = toggleWhole<string, string>([], '46', true);
    expect(whole).toEqual([{ parent: '46', children: [] }]);
    expect(isWhole(whole, '46')).toBe(true);
    expect(isChildSelected(whole, '46', '4624')).toBe(true);
    expect(toggleWhole(whole, '46', false)).toEqual([]);
  });

  it('collects single children and removes the parent with its last child', () => {
    let entries: TreeEntry<string, string>[] = toggleChild([], '46', '4601', true, ALL);
    entries = toggleChild(entries, '46', '4624', true, ALL);
    expect(entries).toEqual([{ parent: '46', children: ['4601', '4624'] }]);
    expect(isWhole(entries, '46')).toBe(false);
    expect(isChildSelected(entries, '46', '4631')).toBe(false);
    entries = toggleChild(entries, '46', '4601', false, ALL);
    entries = toggleChild(entries, '46', '4624', false, ALL);
    expect(entries).toEqual([]);
  });

  it('unticking one child of a whole parent keeps its siblings, in place', () => {
    const entries: TreeEntry<string, string>[] = [
      { parent: '03', children: [] },
      { parent: '46', children: [] },
      { parent: '11', children: ['1103'] },
    ];
    expect(toggleChild(entries, '46', '4624', false, ALL)).toEqual([
      { parent: '03', children: [] },
      { parent: '46', children: ['4601', '4631'] },
      { parent: '11', children: ['1103'] },
    ]);
  });
});
