import type { ReferenceLayerImportReport, ReferenceLayerSummary, ReferenceLayerVersion } from '@fast/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18next } from '../../i18n/i18n.ts';
import { nn } from '../../i18n/locales/nn.ts';
import { type FakeApi, fakeApi, jsonResponse, renderWithApp } from '../../test/render.tsx';
import { ReferenceLayersPanel } from './reference-layers-panel.tsx';

configure({ asyncUtilTimeout: 5000 });
if (!('getAnimations' in document)) Object.assign(document, { getAnimations: () => [] });

const SOURCE = 'Kartverket, Matrikkelen – Adresse (CC BY 4.0)';
const FILE_NAME = 'Basisdata_0000_Norge_25833_MatrikkelenAdresse_CSV.zip';
// November: Oslo is UTC+1; October: UTC+2.
const V2: ReferenceLayerVersion = {
  version: 2,
  source: SOURCE,
  fileName: FILE_NAME,
  sha256: 'a'.repeat(64),
  sizeBytes: 150_000_000,
  rowCount: 2_563_412,
  loadedAt: '2026-11-29T13:05:00.000Z',
  loadedBy: 'Kari Nordmann',
};
const V1: ReferenceLayerVersion = {
  ...V2,
  version: 1,
  fileName: null,
  sha256: 'b'.repeat(64),
  rowCount: 2_561_000,
  loadedAt: '2026-10-01T08:30:00.000Z',
  loadedBy: 'Kommandolinjen',
};
const V3: ReferenceLayerVersion = {
  ...V2,
  version: 3,
  fileName: 'adresser.zip',
  rowCount: 2_564_000,
  loadedAt: '2026-12-01T09:00:00.000Z',
};
const NOT_LOADED: ReferenceLayerSummary = { layer: 'addresses', active: null, previous: null };
const LOADED: ReferenceLayerSummary = { layer: 'addresses', active: V2, previous: V1 };

/** A report of 12 345 rows read, with one refused row per reason the contracts know. */
const report = (dryRun: boolean): ReferenceLayerImportReport => ({
  layer: 'addresses',
  dryRun,
  read: 12_345,
  loaded: 12_000,
  invalid: 7,
  skipped: 338,
  invalidRows: [
    { line: 2, reasons: [{ code: 'missingValue', params: { column: 'adressenavn' } }] },
    {
      line: 3,
      reasons: [
        { code: 'notANumber', params: { column: 'nummer', value: 'tolv' } },
        { code: 'unknownMunicipality', params: { value: '9999' } },
      ],
    },
    { line: 4, reasons: [{ code: 'outsideNorway', params: { latitude: 48.85, longitude: 2.35 } }] },
    { line: 5, reasons: [{ code: 'unsupportedCrs', params: { value: 'EPSG:4326' } }] },
    { line: 6, reasons: [{ code: 'wrongFieldCount', params: { expected: 45, actual: 44 } }] },
    { line: 7, reasons: [{ code: 'duplicateId', params: { value: '123456' } }] },
  ],
  version: dryRun ? null : V3,
  durationMs: 1234,
});

const REFERENCE = '7d1c4e0e-8f55-4f63-9a86-0d2a3c3b9f10';
const errorBody = (status: number, type: string, message: string) =>
  jsonResponse({ reference: REFERENCE, type, message }, { status });

let api: FakeApi;
let layers: ReferenceLayerSummary[];
const listRequests = () => api.requests.filter((r) => r.route === 'GET /api/v1/admin/reference-layers').length;
const uploads = () => api.requests.filter((r) => r.url.pathname === '/api/v1/admin/reference-layers/addresses/imports');

beforeEach(() => {
  layers = [LOADED];
  api = fakeApi({
    'GET /api/v1/admin/reference-layers': () => layers,
    'POST /api/v1/admin/reference-layers/:layer/imports': ({ url }) => {
      const dryRun = url.searchParams.get('dryRun') === 'true';
      if (!dryRun) layers = [{ layer: 'addresses', active: V3, previous: V2 }];
      return report(dryRun);
    },
    'POST /api/v1/admin/reference-layers/:layer/rollback': () => {
      layers = [{ layer: 'addresses', active: V1, previous: null }];
      return layers[0] as ReferenceLayerSummary;
    },
  });
});

afterEach(() => i18next.changeLanguage('nb'));

const TABLE = { name: 'Lag med referansedata' };

/** The table's cells, row by row, with the number format's spaces as plain spaces. */
function cells(): string[][] {
  return within(screen.getByRole('table', TABLE))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => (cell.textContent ?? '').replace(/\s/g, ' ')),
    );
}

/** The cells once the table has come. */
async function tableCells(): Promise<string[][]> {
  await screen.findByRole('table', TABLE);
  return cells();
}

/** The load of the address layer (each layer has its own). */
const addressLoad = () =>
  screen.getByRole('region', { name: 'Last inn ny versjon: Adresser (Kartverket, Matrikkelen – Adresse)' });

function chooseFile(name: string, size?: number, section = addressLoad()): File {
  const file = new File(['lokalid;kommunenummer\n'], name);
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  const input = section.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
  return file;
}

const button = (name: string) => screen.getByRole('button', { name });
/** A button of the address layer's load. */
const load = (name: string) => within(addressLoad()).getByRole('button', { name });

describe('the reference data tab', () => {
  it('says a layer that was never loaded is not loaded, and offers no rollback', async () => {
    layers = [NOT_LOADED];
    renderWithApp(<ReferenceLayersPanel />);
    expect(await tableCells()).toEqual([
      ['Adresser (Kartverket, Matrikkelen – Adresse)', 'Ikke lastet inn', '–', '–', '–', '–', '–', 'Ingen'],
    ]);
    expect(screen.queryByRole('button', { name: /Rull tilbake/ })).toBeNull();
  });

  it('shows the active version field by field, in Norwegian time and number format, and the previous one beside it', async () => {
    renderWithApp(<ReferenceLayersPanel />);
    expect(await tableCells()).toEqual([
      [
        'Adresser (Kartverket, Matrikkelen – Adresse)',
        '2',
        '29.11.2026 14:05',
        '2 563 412',
        SOURCE,
        'Kari Nordmann',
        FILE_NAME,
        'Versjon 1, 01.10.2026 10:30, 2 561 000 raderRull tilbake til versjon 1',
      ],
    ]);
  });

  it('checks a file first, then loads it, with its type and name, and shows the new version', async () => {
    renderWithApp(<ReferenceLayersPanel />);
    await tableCells();
    expect((load('Kontroller (prøvekjøring)') as HTMLButtonElement).disabled).toBe(true);
    const file = chooseFile('adresser.zip');
    expect(screen.getByText(/^Valgt fil: adresser\.zip/)).toBeTruthy();

    fireEvent.click(load('Kontroller (prøvekjøring)'));
    const tried = await screen.findByRole('region', { name: 'Prøvekjøring av adresser.zip' });
    expect(
      within(tried)
        .getByText(/^Ingenting er lastet inn\./)
        .textContent?.replace(/\s/g, ' '),
    ).toBe('Ingenting er lastet inn. Lest: 12 345. Ville blitt lastet inn: 12 000. Hoppet over med vilje: 338. Ugyldige: 7.');
    const [dryRun] = uploads();
    expect(dryRun?.route).toBe('POST /api/v1/admin/reference-layers/addresses/imports?dryRun=true');
    expect(dryRun?.headers.get('Content-Type')).toBe('application/zip');
    expect(dryRun?.headers.get('Content-Disposition')).toBe('attachment; filename="adresser.zip"');
    expect(dryRun?.body).toBe(file);
    expect(listRequests()).toBe(1);

    fireEvent.click(load('Last inn'));
    const loaded = await screen.findByRole('region', { name: 'Innlasting av adresser.zip' });
    expect(within(loaded).getByText('Versjon 3 er aktiv nå.')).toBeTruthy();
    expect(uploads()[1]?.route).toBe('POST /api/v1/admin/reference-layers/addresses/imports?dryRun=false');
    // The table asks again and shows the version the load made active.
    await waitFor(() => expect(cells()[0]?.[1]).toBe('3'));
    expect(listRequests()).toBe(2);
  });

  it('words every reason a row is refused for in Bokmål, by line', async () => {
    renderWithApp(<ReferenceLayersPanel />);
    chooseFile('adresser.csv');
    fireEvent.click(load('Kontroller (prøvekjøring)'));
    const problems = await screen.findByRole('table', { name: 'Ugyldige rader (6 av 7)' });
    const rows = within(problems)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['2', 'adressenavn mangler'],
      ['3', 'nummer: «tolv» er ikke et tall; Ukjent kommunenummer 9999'],
      ['4', 'Posisjonen (48.85, 2.35) ligger utenfor Norge og norske havområder'],
      ['5', 'Koordinatsystemet EPSG:4326 støttes ikke for dette laget'],
      ['6', 'Raden har 44 felt, men overskriftsraden har 45'],
      ['7', 'Id-en 123456 står flere ganger i filen'],
    ]);
    expect(uploads()[0]?.headers.get('Content-Type')).toBe('text/csv');
  });

  it('words the reasons in Nynorsk too', async () => {
    i18next.addResourceBundle('nn', 'translation', nn, true, true);
    renderWithApp(<ReferenceLayersPanel />);
    await act(() => i18next.changeLanguage('nn'));
    expect((await tableCells())[0]?.[0]).toBe('Adresser (Kartverket, Matrikkelen – Adresse)');
    chooseFile('adresser.csv');
    fireEvent.click(load('Kontroller (prøvekøyring)'));
    const problems = await screen.findByRole('table', { name: 'Ugyldige rader (6 av 7)' });
    expect(within(problems).getByText('nummer: «tolv» er ikkje eit tal; Ukjent kommunenummer 9999')).toBeTruthy();
  });

  it('names a file of other letters than ASCII in UTF-8 too, and sends GeoJSON as GeoJSON', async () => {
    renderWithApp(<ReferenceLayersPanel />);
    chooseFile('Ålesund "nord".geojson');
    fireEvent.click(load('Kontroller (prøvekjøring)'));
    await screen.findByRole('region', { name: 'Prøvekjøring av Ålesund "nord".geojson' });
    const [sent] = uploads();
    expect(sent?.headers.get('Content-Type')).toBe('application/geo+json');
    expect(sent?.headers.get('Content-Disposition')).toBe(
      `attachment; filename*=UTF-8''%C3%85lesund%20%22nord%22.geojson; filename="_lesund _nord_.geojson"`,
    );
  });

  it('refuses a file larger than the limit, or of no layer format, before sending anything', async () => {
    renderWithApp(<ReferenceLayersPanel />);
    await tableCells();
    chooseFile('adresser.zip', 1536 * 1024 * 1024 + 1);
    expect(screen.getByText(/^Filen er større enn 1\s536 MB og kan ikke lastes inn her\./)).toBeTruthy();
    expect((load('Kontroller (prøvekjøring)') as HTMLButtonElement).disabled).toBe(true);
    expect((load('Last inn') as HTMLButtonElement).disabled).toBe(true);
    chooseFile('adresser.xlsx');
    expect(screen.getByText('FAST kan bare laste inn filer av typen .zip, .csv eller .geojson.')).toBeTruthy();
    expect((load('Last inn') as HTMLButtonElement).disabled).toBe(true);
    expect(uploads()).toEqual([]);
  });

  it('lists the vulnerable objects, loads them as GeoJSON, and words their rows’ problems in Bokmål and Nynorsk', async () => {
    layers = [LOADED, { layer: 'vulnerable-objects', active: null, previous: null }];
    api.answer('POST /api/v1/admin/reference-layers/:layer/imports', ({ params }) => ({
      ...report(true),
      layer: params.layer as 'vulnerable-objects',
      invalid: 2,
      invalidRows: [
        { line: 3, reasons: [{ code: 'unknownKind', params: { value: 'bibliotek' } }] },
        { line: 9, reasons: [{ code: 'notAPoint', params: { type: 'Polygon' } }] },
      ],
    }));
    renderWithApp(<ReferenceLayersPanel />);
    expect((await tableCells())[1]?.slice(0, 2)).toEqual([
      'Sårbare objekter (skoler, barnehager, sykehjem, sykehus)',
      'Ikke lastet inn',
    ]);
    const section = screen.getByRole('region', {
      name: 'Last inn ny versjon: Sårbare objekter (skoler, barnehager, sykehjem, sykehus)',
    });
    expect(section.textContent).toContain(
      'GeoJSON med punkter (.geojson) eller CSV (.csv) med type (skole, barnehage, sykehjem eller sykehus), navn, adresse, kapasitet',
    );
    chooseFile('sarbare.geojson', undefined, section);
    fireEvent.click(within(section).getByRole('button', { name: 'Kontroller (prøvekjøring)' }));
    const problems = await within(section).findByRole('table', { name: 'Ugyldige rader (2 av 2)' });
    const reasons = () =>
      within(problems)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(reasons()).toEqual([
      'Ukjent type «bibliotek» (skole, barnehage, sykehjem eller sykehus)',
      'Geometrien er Polygon, ikke et punkt (Point)',
    ]);
    const [sent] = api.requests.filter((r) => r.url.pathname.endsWith('/imports'));
    expect(sent?.route).toBe('POST /api/v1/admin/reference-layers/vulnerable-objects/imports?dryRun=true');
    expect(sent?.headers.get('Content-Type')).toBe('application/geo+json');

    i18next.addResourceBundle('nn', 'translation', nn, true, true);
    await act(() => i18next.changeLanguage('nn'));
    expect(cells()[1]?.[0]).toBe('Sårbare objekt (skular, barnehagar, sjukeheimar, sjukehus)');
    expect(reasons()).toEqual([
      'Ukjend type «bibliotek» (skule, barnehage, sjukeheim eller sjukehus)',
      'Geometrien er Polygon, ikkje eit punkt (Point)',
    ]);
  });

  it("shows a refused load with the server's message and the reference to copy", async () => {
    api.answer('POST /api/v1/admin/reference-layers/:layer/imports', () =>
      errorBody(409, 'CONFLICT', 'En annen innlasting av referansedata pågår. Prøv igjen når den er ferdig.'),
    );
    renderWithApp(<ReferenceLayersPanel />);
    chooseFile('adresser.zip');
    fireEvent.click(load('Last inn'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('En annen innlasting av referansedata pågår. Prøv igjen når den er ferdig.')).toBeTruthy();
    expect(within(alert).getByText(`Feilreferanse: ${REFERENCE}`)).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Kopier feilreferanse' })).toBeTruthy();
    expect(listRequests()).toBe(1);
  });

  it('asks before rolling back, then rolls back and shows the version brought back', async () => {
    renderWithApp(<ReferenceLayersPanel />);
    await tableCells();
    fireEvent.click(button('Rull tilbake til versjon 1'));
    const dialog = await screen.findByRole('dialog', { name: 'Rulle tilbake Adresser (Kartverket, Matrikkelen – Adresse)?' });
    expect(
      within(dialog).getByText(/^Versjon 1 \(2\s561\s000 rader, lastet inn 01\.10\.2026 10:30\) blir aktiv igjen/),
    ).toBeTruthy();
    expect(api.requests.filter((r) => r.url.pathname.endsWith('/rollback'))).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Rull tilbake' }));
    await waitFor(() =>
      expect(api.requests.map((r) => r.route)).toContain('POST /api/v1/admin/reference-layers/addresses/rollback'),
    );
    await waitFor(() => expect(cells()[0]?.slice(1, 3)).toEqual(['1', '01.10.2026 10:30']));
    expect(screen.queryByRole('button', { name: /Rull tilbake til/ })).toBeNull();
  });

  it('sends nothing when the rollback is cancelled', async () => {
    renderWithApp(<ReferenceLayersPanel />);
    await tableCells();
    fireEvent.click(button('Rull tilbake til versjon 1'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests.filter((r) => r.url.pathname.endsWith('/rollback'))).toEqual([]);
  });

  it("keeps the dialog open with the server's message when there is nothing to roll back to", async () => {
    api.answer('POST /api/v1/admin/reference-layers/:layer/rollback', () =>
      errorBody(409, 'CONFLICT', 'Adresser har ingen tidligere versjon å rulle tilbake til.'),
    );
    renderWithApp(<ReferenceLayersPanel />);
    await tableCells();
    fireEvent.click(button('Rull tilbake til versjon 1'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rull tilbake' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Adresser har ingen tidligere versjon å rulle tilbake til.')).toBeTruthy();
    expect(within(alert).getByText(`Feilreferanse: ${REFERENCE}`)).toBeTruthy();
    // The list is asked again: another administrator may have changed it.
    await waitFor(() => expect(listRequests()).toBe(2));
  });
});
