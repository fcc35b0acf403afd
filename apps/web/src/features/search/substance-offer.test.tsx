import type { SearchCriteria, SearchPayload } from '@fast/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, type SearchState } from '../../routes/links.ts';
import { type FakeApi, fakeApi, renderWithApp } from '../../test/render.tsx';
import { SubstanceOffers } from './substance-offer.tsx';

const CRITERIA: SearchCriteria = {
  facilityTypes: [],
  substanceGroups: [
    {
      id: 1,
      name: 'Brannfarlig gass',
      nameNn: 'Brannfarleg gass',
      substances: [
        { id: 1, name: 'Propan', nameNn: 'Propan', unNumber: '1978' },
        { id: 5, name: 'Naturgass, komprimert (CNG)', nameNn: 'Naturgass, komprimert (CNG)', unNumber: '1971' },
        { id: 6, name: 'Biogass', nameNn: 'Biogass', unNumber: '1971' },
      ],
    },
  ],
};

// The server's answer to a search: 1 477 facilities store propane, 12 natural gas or biogas, none in Bergen.
let api: FakeApi;
const searched = () => api.bodies('POST /api/v1/facilities/search') as SearchPayload[];
beforeEach(() => {
  api = fakeApi({
    'POST /api/v1/facilities/search': ({ body }) => {
      const payload = body as SearchPayload;
      const substances = payload.substanceGroups.flatMap((g) => g.substanceIds);
      const totalHits = payload.query.includes('Bergen') ? 0 : substances.includes(1) ? 1477 : 12;
      return { totalHits, hits: [] };
    },
  });
});

function renderOffers(state: Partial<SearchState>) {
  const current: SearchState = { ...EMPTY_SEARCH, ...state };
  let next: SearchState | null = null;
  renderWithApp(
    <SubstanceOffers
      organisationNumber="910000047"
      state={current}
      update={(change) => {
        next = change(current);
      }}
      criteria={CRITERIA}
    />,
  );
  return { next: () => next };
}

describe('the offer of a substance named in the free text', () => {
  it('says that propane is a substance and shows the facilities that store it in one click', async () => {
    const { next } = renderOffers({ query: 'propan', orderBy: { property: 'name', direction: 'ASC' }, page: 2 });
    expect(await screen.findByText(/^Propan er et stoff\. Fritekstsøket finner anlegg på ID, navn/)).toBeTruthy();
    // The count is the search the button leads to: the substance filter instead of the word.
    expect(searched()).toEqual([
      {
        ...searched()[0],
        query: '',
        substanceGroups: [{ substanceGroupId: 1, substanceIds: [1] }],
        hitsToSkip: 0,
        hitsToReturn: 10,
        orderBy: { property: 'name', direction: 'ASC' },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Vis de 1\u00a0477 anleggene som lagrer propan' }));
    expect(next()).toMatchObject({ query: '', substanceGroups: [{ substanceGroupId: 1, substanceIds: [1] }], page: 1 });
  });

  it('names the substances of a UN number, and says when the rest of the search keeps them out', async () => {
    renderOffers({ query: 'UN 1971' });
    expect(await screen.findByText(/^UN 1971 er naturgass, komprimert \(CNG\) og biogass\./)).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Vis de 12 anleggene som lagrer naturgass, komprimert (CNG) eller biogass' }),
    ).toBeTruthy();
  });

  it('says so when none of the facilities that fit the rest of the search store it', async () => {
    renderOffers({ query: 'propna Bergen' });
    expect(await screen.findByText('Ingen av anleggene som passer til resten av søket, lagrer propan.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is not offered for a substance the search filters by already, nor for a text that names none', () => {
    renderOffers({ query: 'propan', substanceGroups: [{ substanceGroupId: 1, substanceIds: [] }] });
    renderOffers({ query: 'Gartneri Hansen' });
    expect(searched()).toEqual([]);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
