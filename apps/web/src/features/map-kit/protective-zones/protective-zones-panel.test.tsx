import type { ProtectiveZonesRequest, WindResponse } from '@fast/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi, pending, renderWithApp } from '../../../test/render.tsx';
import type { AreaOverlay } from '../map-view.ts';
import { ProtectiveZonesPanel } from './protective-zones-panel.tsx';
import {
  CHLORINE_CARD,
  CHLORINE_LARGE_SPILL_REQUEST,
  chlorineZones,
  MET_WIND,
  WATERWORKS_POSITION,
  waterworks,
} from './test-fixtures.ts';

/**
 * The zones' form by role, as a user fills it in, with the API faked at fetch: the facility's
 * record, chlorine's card, the weather service and the zones. What is checked is what the user
 * sees and the one request the form sends.
 */

/** The weather service's answer; null: it never answers (the form gives up after 2 s). */
let windAnswer: WindResponse | null;
let api: FakeApi;
const zoneRequests = () => api.bodies('POST /api/v1/protective-zones') as ProtectiveZonesRequest[];

const overlays: (AreaOverlay | null)[] = [];
const onOverlay = (overlay: AreaOverlay | null) => void overlays.push(overlay);

function renderPanel() {
  return renderWithApp(
    <ProtectiveZonesPanel organisationNumber="910000048" facilityId={42} onOverlay={onOverlay} onClose={() => {}} />,
  );
}

const form = () => screen.findByRole('form', { name: 'Valg for sikkerhetssonene' });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Tegn sonene' }));

configure({ asyncUtilTimeout: 5000 });
// Designsystemet's Spinner synchronises its animation; happy-dom has no Web Animations.
if (!('getAnimations' in document)) Object.assign(document, { getAnimations: () => [] });

beforeEach(() => {
  windAnswer = { available: false, reason: 'not-configured' };
  overlays.length = 0;
  api = fakeApi({
    'GET /api/v1/facilities/:id': ({ params }) => (params.id === '42' ? waterworks() : pending),
    'GET /api/v1/substances/:unNumber': ({ params }) => (params.unNumber === '1017' ? CHLORINE_CARD : pending),
    'GET /api/v1/weather/wind': () => windAnswer ?? pending,
    'POST /api/v1/protective-zones': chlorineZones(),
  });
});

describe('the protective zones’ form', () => {
  it('proposes the substance of the largest distance, a large spill and the container from the stored quantity', async () => {
    renderPanel();
    const zones = await form();
    expect(screen.getByRole('heading', { level: 2, name: 'Sikkerhetssoner: Kismul vannverk' })).toBeTruthy();
    const substance = within(zones).getByRole('combobox', { name: /^Stoff/ }) as HTMLSelectElement;
    expect(substance.value).toBe('1017');
    // Only the substances with a hazard card and an ERG guide.
    expect([...substance.options].map((o) => o.textContent)).toEqual(['Klor (UN 1017)', 'Propan (UN 1978)']);
    expect((within(zones).getByRole('radio', { name: /Stort utslipp/ }) as HTMLInputElement).checked).toBe(true);
    // Four tonnes of chlorine at a waterworks: multiple ton cylinders, among chlorine's own four containers.
    const container = (await within(zones).findByRole('combobox', { name: /Beholder/ })) as HTMLSelectElement;
    expect(container.value).toBe('multiple-ton-cylinders');
    expect([...container.options].map((o) => o.textContent)).toEqual([
      'Jernbanetankvogn',
      'Tankbil eller tanktilhenger',
      'Flere tonnsylindere',
      'Flere små sylindere eller én tonnsylinder',
    ]);
    expect(within(zones).getByText('Foreslått ut fra lagret mengde på anlegget (omtrent 4 tonn).')).toBeTruthy();
    expect(
      (within(zones).getByRole('radio', { name: 'Ut fra sola ved anlegget nå (foreslått)' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('asks for the wind where a zone lies downwind and sends nothing without it; then sends one request with the choices', async () => {
    renderPanel();
    const zones = await form();
    expect(await within(zones).findByText('Ingen værtjeneste er satt opp. Oppgi vinden selv.')).toBeTruthy();
    await within(zones).findByRole('combobox', { name: /Beholder/ });
    submit();
    expect(within(zones).getByText('Oppgi hvor vinden kommer fra: sonen for å beskytte personer ligger nedvinds.')).toBeTruthy();
    expect(within(zones).getByText('Velg vindstyrke: tabell 3 gir avstanden etter vindstyrke.')).toBeTruthy();
    expect(document.activeElement).toBe(within(zones).getByRole('textbox', { name: /Grader/ }));
    expect(zoneRequests()).toEqual([]);

    fireEvent.click(within(zones).getByRole('radio', { name: 'sørvest' }));
    expect((within(zones).getByRole('textbox', { name: /Grader/ }) as HTMLInputElement).value).toBe('225');
    fireEvent.click(within(zones).getByRole('radio', { name: 'Moderat vind (10–20 km/t)' }));
    submit();
    const result = await screen.findByTestId('zones-result');
    expect(zoneRequests()).toEqual([CHLORINE_LARGE_SPILL_REQUEST]);

    // The answer in words: each zone with its label and the facilities inside, nearest first.
    const downwind = within(result).getByRole('region', {
      name: 'Beskytt personer nedvinds: 2,4\u00a0km — ERG 2016 tabell 3, flere tonnsylindere, moderat vind, natt',
    });
    expect(within(downwind).getByText('3 anlegg i sonen.')).toBeTruthy();
    expect(
      within(downwind)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Kismul vannverk', '/anlegg/100'],
      ['Nordnes bad', '/anlegg/101'],
      ['Sandviken bryggeri', '/anlegg/102'],
    ]);
    expect(
      within(result).getByRole('region', {
        name: 'Isoler i alle retninger: 300\u00a0m — ERG 2016 tabell 3, flere tonnsylindere',
      }),
    ).toBeTruthy();
    // And the schools, kindergartens and care homes inside each zone, from the same answer.
    expect(within(downwind).getByTestId('vulnerable-summary').textContent).toBe(
      'I sonen: 2 barnehager (134 barn), 1 skole (412 elever), 1 sykehjem',
    );
    expect(
      within(within(downwind).getByRole('list', { name: 'I sonen: Sårbare objekter, nærmeste først' }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('span > span')?.textContent),
    ).toEqual(['Nordnes barnehage', 'Nordnes skole', 'Klosteret barnehage', 'Nordnes sykehjem']);
    const isolation = within(result).getByRole('region', {
      name: 'Isoler i alle retninger: 300\u00a0m — ERG 2016 tabell 3, flere tonnsylindere',
    });
    expect(within(isolation).getByTestId('vulnerable-summary').textContent).toBe(
      'I sonen: ingen skoler, barnehager, sykehjem eller sykehus',
    );
    expect(screen.queryByTestId('vulnerable-not-loaded')).toBeNull();
    expect(result.textContent).toContain('Vind fra sørvest (225°), Moderat vind (10–20 km/t)');
    expect(result.textContent).toContain('Natt, ut fra sola ved anlegget 28.11.2026 22:30');
    expect(result.textContent).not.toMatch(/Evakuering/);

    // The map is handed the zones and the wind arrow.
    const drawn = overlays.findLast((overlay) => overlay !== null);
    expect(drawn?.areas.map((area) => area.label)).toEqual([
      'Beskytt personer nedvinds: 2,4\u00a0km — ERG 2016 tabell 3, flere tonnsylindere, moderat vind, natt',
      'Isoler i alle retninger: 300\u00a0m — ERG 2016 tabell 3, flere tonnsylindere',
    ]);
    expect(drawn?.arrow?.label).toBe('Vind fra sørvest (225°)');
  });

  it('fills in the weather service’s wind, says where and when it is from, and lets the user change it and the night', async () => {
    windAnswer = MET_WIND;
    renderPanel();
    const zones = await form();
    const note = await within(zones).findByTestId('zones-weather');
    expect(note.textContent).toBe(
      'Vinden er fylt inn fra MET Norway: 4,2 m/s fra sørvest (225°), varsel for 28.11.2026 14:00, oppdatert 28.11.2026 13:12. Du kan endre den. Meteorologisk institutt (MET Norway), CC BY 4.0',
    );
    expect(within(note).getByRole('link').getAttribute('href')).toBe('https://api.met.no/doc/License');
    expect((within(zones).getByRole('textbox', { name: /Grader/ }) as HTMLInputElement).value).toBe('225');
    expect((within(zones).getByRole('radio', { name: 'sørvest' }) as HTMLInputElement).checked).toBe(true);
    expect((within(zones).getByRole('radio', { name: 'Moderat vind (10–20 km/t)' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.change(within(zones).getByRole('textbox', { name: /Grader/ }), { target: { value: '250' } });
    fireEvent.click(within(zones).getByRole('radio', { name: 'Natt' }));
    fireEvent.click(within(zones).getByRole('radio', { name: 'Lite utslipp (inntil 200 liter)' }));
    submit();
    await screen.findByTestId('zones-result');
    // A small spill goes by Table 1: no container is sent.
    expect(zoneRequests()).toEqual([
      {
        unNumber: '1017',
        latitude: WATERWORKS_POSITION[1],
        longitude: WATERWORKS_POSITION[0],
        spill: 'small',
        fire: false,
        windFromDegrees: 250,
        windSpeed: 'moderate',
        daylight: 'night',
      },
    ]);
  });

  it('says once, above the zones, that vulnerable objects are not loaded, and lists none per zone', async () => {
    windAnswer = MET_WIND;
    const none = { objects: [], totalCount: 0, totals: [] };
    api.answer('POST /api/v1/protective-zones', {
      ...chlorineZones(),
      vulnerableInside: { isolation: none, protectiveAction: none, fire: null, layer: null },
    });
    renderPanel();
    const zones = await form();
    await within(zones).findByRole('combobox', { name: /Beholder/ });
    await waitFor(() => expect((within(zones).getByRole('radio', { name: 'sørvest' }) as HTMLInputElement).checked).toBe(true));
    submit();
    const result = await screen.findByTestId('zones-result');
    expect(
      within(result)
        .getAllByTestId('vulnerable-not-loaded')
        .map((note) => note.textContent),
    ).toEqual(['Sårbare objekter (skoler, barnehager, sykehjem, sykehus) er ikke lastet inn.']);
    expect(within(result).queryByTestId('vulnerable-summary')).toBeNull();
  });

  it('sends the largest propane tank for a fire, and no container', async () => {
    renderPanel();
    const zones = await form();
    fireEvent.change(within(zones).getByRole('combobox', { name: /^Stoff/ }), { target: { value: '1978' } });
    expect(within(zones).queryByRole('combobox', { name: /Beholder/ })).toBeNull();
    fireEvent.click(within(zones).getByRole('radio', { name: 'Brann i tank eller beholder' }));
    expect(within(zones).getByText('BLEVE-avstanden regnes for den største tanken i registeret: 4 500 liter.')).toBeTruthy();
    fireEvent.click(within(zones).getByRole('radio', { name: 'vest' }));
    submit();
    await waitFor(() =>
      expect(zoneRequests()).toEqual([
        {
          unNumber: '1978',
          latitude: WATERWORKS_POSITION[1],
          longitude: WATERWORKS_POSITION[0],
          spill: 'large',
          fire: true,
          tankLitres: 4500,
          windFromDegrees: 270,
        },
      ]),
    );
  });

  it('asks the user for the wind when the weather service does not answer within 2 seconds', async () => {
    windAnswer = null;
    renderPanel();
    const zones = await form();
    expect(within(zones).getByText('Henter vinden ved anlegget fra værtjenesten...')).toBeTruthy();
    expect(await within(zones).findByText('Værtjenesten svarte ikke innen 2 sekunder. Oppgi vinden selv.')).toBeTruthy();
    expect((within(zones).getByRole('textbox', { name: /Grader/ }) as HTMLInputElement).value).toBe('');
  });
});
