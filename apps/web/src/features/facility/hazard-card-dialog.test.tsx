import type { ErgFigures, GuideEssentials, HazardCard } from '@fast/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hazardCardQuery } from '../../api/hazard-queries.ts';
import { i18next } from '../../i18n/i18n.ts';
import { nn } from '../../i18n/locales/nn.ts';
import { CHLORINE_CARD } from '../map-kit/protective-zones/test-fixtures.ts';
import { HazardCardDialog } from './hazard-card-dialog.tsx';

const ESSENTIALS: GuideEssentials = { fire: ['F'], health: ['H'], publicSafety: ['P'], protection: ['V'], firstActions: ['A'] };

function card(unNumber: string, name: string, guide: number, figures: ErgFigures | null): HazardCard {
  return {
    unNumber,
    name: { nb: name, nn: name, en: name.toUpperCase() },
    adr: { class: '2', classificationCode: '2TOC', packingGroup: null, labels: ['2.3'], hazardNumber: '265', edition: '2025' },
    erg: {
      guide,
      edition: '2024',
      polymerisation: false,
      title: { nb: `Tittel ${guide}`, nn: `Tittel ${guide}` },
      essentials: { nb: ESSENTIALS, nn: ESSENTIALS },
    },
    figures,
    summary: {
      unNumber,
      adrClass: '2',
      labels: ['2.3'],
      hazardNumber: '265',
      guide,
      toxicInhalation: false,
      table3: false,
      bleve: false,
      isolationM: null,
      evacuationM: null,
      evacuationDayM: null,
      evacuationAllDirections: false,
      fireIsolationM: null,
      edition: '2016',
      adrEdition: '2025',
    },
    referenceVersion: '2026-11-28.1',
  };
}

/** Chlorine as ERG 2016 has it: Table 1 for small spills, Table 3 for large ones. */
const CHLORINE = card('1017', 'Klor', 124, CHLORINE_CARD.figures);

/** Propane: the guide's downwind large spill, and the BLEVE table. */
const PROPANE = card('1978', 'Propan', 115, {
  edition: '2016',
  guide: 115,
  guideDistances: { isolationM: 100, largeSpillM: 800, largeSpillAllDirections: false, fireIsolationM: 1600 },
  table1: null,
  table3: null,
  bleve: [
    { capacityLitres: 400, evacuationM: 300 },
    { capacityLitres: 22000, evacuationM: 1000 },
  ],
  fireIsolationM: 1600,
});

/** An explosive: the large spill evacuated in all directions. */
const EXPLOSIVE = card('0081', 'Sprengstoff type A', 112, {
  edition: '2016',
  guide: 112,
  guideDistances: { isolationM: 500, largeSpillM: 800, largeSpillAllDirections: true, fireIsolationM: 1600 },
  table1: null,
  table3: null,
  bleve: null,
  fireIsolationM: 1600,
});

function renderCard(hazardCard: HazardCard) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(hazardCardQuery(hazardCard.unNumber).queryKey, hazardCard);
  render(
    <QueryClientProvider client={client}>
      <HazardCardDialog unNumber={hazardCard.unNumber} name={hazardCard.name.nb} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { hidden: true });
}

const region = (dialog: HTMLElement, name: string) => within(dialog).getByRole('region', { name, hidden: true });
const text = (element: HTMLElement) => element.textContent?.replace(/\u00a0/g, ' ') ?? '';

describe('the hazard card', () => {
  afterEach(() => i18next.changeLanguage('nb'));

  it('heads every block of distances with its edition and table; Table 3 as a grid of containers by wind, day and night', () => {
    const dialog = renderCard(CHLORINE);
    const distances = region(dialog, 'Avstander (ERG 2016)');
    const guide = region(distances, 'ERG 2016, veiledning 124');
    expect(text(guide)).toContain('Isoler straks i alle retninger100 m');
    expect(text(guide)).toContain('Stort utslippSe tabell 3 nedenfor');
    expect(text(guide)).toContain('Tank, tankvogn eller tankbil i brann: isoler i alle retninger800 m');

    const table1 = region(distances, 'ERG 2016, tabell 1');
    expect(text(table1)).toContain('Navn i ERG: Chlorine');
    const small = within(table1).getByRole('row', { name: /Lite utslipp/, hidden: true });
    expect(within(small).getAllByRole('cell', { hidden: true }).map(text)).toEqual(['60 m', '300 m', '1,1 km']);

    const table3 = region(distances, 'ERG 2016, tabell 3');
    const grid = within(table3).getByRole('table', { hidden: true });
    expect(within(grid).getAllByRole('columnheader', { hidden: true }).map(text)).toEqual([
      'Beholder',
      'Isoler',
      'Dag: beskytt nedvinds',
      'Natt: beskytt nedvinds',
      'Svak',
      'Moderat',
      'Sterk',
      'Svak',
      'Moderat',
      'Sterk',
    ]);
    const cylinders = within(grid).getByRole('row', { name: /flere tonnsylindere/, hidden: true });
    expect(within(cylinders).getAllByRole('cell', { hidden: true }).map(text)).toEqual([
      '300 m',
      '2,1 km',
      '1,3 km',
      '1,0 km',
      '4,0 km',
      '2,4 km',
      '1,3 km',
    ]);
    expect(text(table3)).toContain('Vind: svak under 10 km/t');
    // The guide's essentials keep their own edition.
    expect(within(dialog).getByRole('heading', { name: 'ERG 2024, veiledning 124: Tittel 124', hidden: true })).toBeTruthy();
    // A gas is not an explosive, and its downwind distances are not an evacuation.
    expect(text(dialog)).not.toMatch(/eksplosiv|evakuering|evakuer/i);
  });

  it('gives a flammable gas its downwind large spill, its fire distance and the BLEVE table', () => {
    const dialog = renderCard(PROPANE);
    const guide = region(dialog, 'ERG 2016, veiledning 115');
    expect(text(guide)).toContain('Stort utslippBeskytt nedvinds minst 800 m');
    expect(text(guide)).toContain('isoler i alle retninger1,6 km');
    const bleve = region(dialog, 'ERG 2016, BLEVE-tabellen');
    expect(
      within(bleve)
        .getAllByRole('row', { hidden: true })
        .map((row) => text(row)),
    ).toEqual(['TankvolumEvakuer i alle retninger', '400 liter300 m', '22 000 liter1,0 km']);
  });

  it('heads the ADR facts with the edition they come from', () => {
    const dialog = renderCard(CHLORINE);
    const adr = region(dialog, 'ADR 2025');
    expect(text(adr)).toContain('Engelsk navn (ADR): KLOR');
    expect(text(adr)).toContain('Klassifiseringskode2TOC');
    expect(text(adr)).toContain('Farenummer265');
    expect(text(adr)).toContain('Klasse2');
  });

  it('evacuates an explosive in all directions', () => {
    const dialog = renderCard(EXPLOSIVE);
    expect(text(region(dialog, 'ERG 2016, veiledning 112'))).toContain('Stort utslippEvakuer i alle retninger 800 m');
  });

  it('names the containers in Nynorsk', async () => {
    i18next.addResourceBundle('nn', 'translation', nn, true, true);
    await i18next.changeLanguage('nn');
    const dialog = renderCard(CHLORINE);
    const table3 = region(dialog, 'ERG 2016, tabell 3');
    expect(within(table3).getByRole('rowheader', { name: 'fleire tonnsylindrar', hidden: true })).toBeTruthy();
    expect(text(region(dialog, 'ERG 2016, rettleiing 124'))).toContain('Isoler straks i alle retningar100 m');
  });
});
