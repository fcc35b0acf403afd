import type { County, SearchCriteria } from '@fast/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, type SearchState } from '../../routes/links.ts';
import { FilterChips } from './filter-chips.tsx';

const CRITERIA: SearchCriteria = {
  facilityTypes: [{ id: 1, description: 'Forbruksanlegg', descriptionNn: 'Forbruksanlegg' }],
  substanceGroups: [
    {
      id: 1,
      name: 'Brannfarlig gass',
      nameNn: 'Brannfarleg gass',
      substances: [
        { id: 1, name: 'Propan', nameNn: 'Propan', unNumber: '1978' },
        { id: 3, name: 'Butan', nameNn: 'Butan', unNumber: '1011' },
      ],
    },
  ],
};
const COUNTIES: County[] = [
  { id: '03', name: 'Oslo', children: [{ id: '0301', name: 'Oslo' }] },
  {
    id: '15',
    name: 'Møre og Romsdal',
    children: [
      { id: '1515', name: 'Herøy' },
      { id: '1507', name: 'Ålesund' },
    ],
  },
  { id: '18', name: 'Nordland', children: [{ id: '1818', name: 'Herøy' }] },
];

/** The chips for a state, and the state after a click on one of them. */
function chipsFor(state: Partial<SearchState>) {
  let next: SearchState | null = null;
  render(
    <FilterChips
      state={{ ...EMPTY_SEARCH, query: '', ...state }}
      update={(change) => {
        next = change({ ...EMPTY_SEARCH, query: '', ...state });
      }}
      counties={COUNTIES}
      criteria={CRITERIA}
    />,
  );
  const list = screen.queryByRole('list', { name: 'Valgte filtre' });
  const labels = list
    ? within(list)
        .getAllByRole('button')
        .map((chip) => chip.textContent)
    : [];
  const remove = (name: string) => {
    fireEvent.click(screen.getByRole('button', { name: `Fjern ${name}` }));
    return next;
  };
  return { labels, remove };
}

describe('the filter chips: one per selection (specification section 4)', () => {
  it('shows a substance chosen in a group as that substance alone; removing it lifts the group', () => {
    const { labels, remove } = chipsFor({ substanceGroups: [{ substanceGroupId: 1, substanceIds: [1] }] });
    expect(labels).toEqual(['Propan']);
    expect(remove('Propan')?.substanceGroups).toEqual([]);
  });

  it('shows two substances of a group as two chips; removing one keeps the other', () => {
    const { labels, remove } = chipsFor({ substanceGroups: [{ substanceGroupId: 1, substanceIds: [1, 3] }] });
    expect(labels).toEqual(['Propan', 'Butan']);
    expect(remove('Propan')?.substanceGroups).toEqual([{ substanceGroupId: 1, substanceIds: [3] }]);
  });

  it('shows a whole group or county as one chip', () => {
    const { labels } = chipsFor({
      substanceGroups: [{ substanceGroupId: 1, substanceIds: [] }],
      counties: [{ id: '03', municipalityCodes: [] }],
    });
    expect(labels).toEqual(['Oslo (hele fylket)', 'Brannfarlig gass (hele gruppen)']);
  });

  it('shows a municipality alone, with its county only where two counties have one of that name', () => {
    const { labels, remove } = chipsFor({
      query: 'propan',
      counties: [
        { id: '03', municipalityCodes: ['0301'] },
        { id: '15', municipalityCodes: ['1515', '1507'] },
      ],
    });
    expect(labels).toEqual(['Søk: «propan»', 'Oslo', 'Herøy (Møre og Romsdal)', 'Ålesund']);
    expect(remove('Oslo')?.counties).toEqual([{ id: '15', municipalityCodes: ['1515', '1507'] }]);
  });
});
