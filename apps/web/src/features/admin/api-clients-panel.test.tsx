import type { ApiClient, ApiClientWithSecret } from '@fast/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../i18n/i18n.ts';
import { nn } from '../../i18n/locales/nn.ts';
import { type FakeApi, fakeApi, jsonResponse, renderWithApp } from '../../test/render.tsx';
import { ApiClientsPanel } from './api-clients-panel.tsx';

configure({ asyncUtilTimeout: 5000 });
if (!('getAnimations' in document)) Object.assign(document, { getAnimations: () => [] });

const VEST_110 = { organisationNumber: '910000101', name: '110 Vest' };
const ROGALAND = { organisationNumber: '910000152', name: 'Rogaland brann og redning IKS' };
// November: Oslo is UTC+1.
const ACTIVE: ApiClient = {
  id: '6f9b3f0e-1d7a-4c43-9d55-2a8a3f0c1b01',
  clientId: 'fast-client-0123456789abcdef',
  name: 'Vest 110 kartsystem',
  organisationNumber: VEST_110.organisationNumber,
  organisationName: VEST_110.name,
  contact: 'gis@vest110.example',
  expiresAt: '2027-11-29T11:00:00.000Z',
  status: 'ACTIVE',
  createdAt: '2026-11-29T10:00:00.000Z',
  createdBy: 'Astrid Solberg',
  rotatedAt: null,
  revokedAt: null,
  revokedBy: null,
};
const REVOKED: ApiClient = {
  ...ACTIVE,
  id: '6f9b3f0e-1d7a-4c43-9d55-2a8a3f0c1b02',
  clientId: 'fast-client-fedcba9876543210',
  name: 'Gammel QGIS',
  status: 'REVOKED',
  revokedAt: '2026-11-20T08:15:00.000Z',
  revokedBy: 'Astrid Solberg',
};
const EXPIRED: ApiClient = {
  ...ACTIVE,
  id: '6f9b3f0e-1d7a-4c43-9d55-2a8a3f0c1b03',
  clientId: 'maskinporten-abc',
  name: 'ArcGIS test',
  organisationNumber: ROGALAND.organisationNumber,
  organisationName: ROGALAND.name,
  expiresAt: '2026-11-01T07:00:00.000Z',
  status: 'EXPIRED',
};
const SECRET = 'q3Zk0yB9m1cR7sT2vW5xY8aD4fG6hJ0kL3nP7rS1uV9';
const NEW_SECRET = 'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2H1g0F9e';
const REFERENCE = '7d1c4e0e-8f55-4f63-9a86-0d2a3c3b9f10';

let api: FakeApi;
let clients: ApiClient[];
let writeText: ReturnType<typeof vi.fn>;
const listRequests = () => api.requests.filter((r) => r.route === 'GET /api/v1/admin/api-clients').length;
const posts = () => api.requests.filter((r) => r.route.startsWith('POST '));

beforeEach(() => {
  clients = [ACTIVE, REVOKED, EXPIRED];
  writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  api = fakeApi({
    'GET /api/v1/admin/organisations': [VEST_110, ROGALAND],
    'GET /api/v1/admin/api-clients': () => clients,
    'POST /api/v1/admin/api-clients': ({ body }) => {
      const input = body as { name: string; organisationNumber: string; contact: string; expiresAt: string };
      const client: ApiClient = {
        ...ACTIVE,
        id: '6f9b3f0e-1d7a-4c43-9d55-2a8a3f0c1b04',
        clientId: 'fast-client-00000000000000aa',
        name: input.name,
        organisationNumber: input.organisationNumber,
        organisationName: ROGALAND.name,
        contact: input.contact,
        expiresAt: input.expiresAt,
      };
      clients = [...clients, client];
      return { client, secret: SECRET } satisfies ApiClientWithSecret;
    },
    'POST /api/v1/admin/api-clients/:id/rotate': () => ({
      client: { ...ACTIVE, rotatedAt: '2026-11-29T12:00:00.000Z' },
      secret: NEW_SECRET,
    }),
    'POST /api/v1/admin/api-clients/:id/revoke': () => {
      const revoked: ApiClient = {
        ...ACTIVE,
        status: 'REVOKED',
        revokedAt: '2026-11-29T12:00:00.000Z',
        revokedBy: 'Astrid Solberg',
      };
      clients = [revoked, REVOKED, EXPIRED];
      return revoked;
    },
  });
});

afterEach(() => i18next.changeLanguage('nb'));

const TABLE = { name: 'Registrerte API-klienter' };

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

async function tableCells(): Promise<string[][]> {
  await screen.findByRole('table', TABLE);
  return cells();
}

const form = () => screen.getByRole('form', { name: 'Registrer API-klient' });

describe('the API clients tab', () => {
  it('lists each client with its organisation, contact, expiry in Norwegian time and status', async () => {
    renderWithApp(<ApiClientsPanel />);
    expect((await tableCells()).map((row) => row.slice(0, 6))).toEqual([
      ['Vest 110 kartsystem', '110 Vest (910 000 101)', ACTIVE.clientId, 'gis@vest110.example', '29.11.2027 12:00', 'Aktiv'],
      ['Gammel QGIS', '110 Vest (910 000 101)', REVOKED.clientId, 'gis@vest110.example', '29.11.2027 12:00', 'Trukket tilbake'],
      [
        'ArcGIS test',
        'Rogaland brann og redning IKS (910 000 152)',
        'maskinporten-abc',
        'gis@vest110.example',
        '01.11.2026 08:00',
        'Utløpt',
      ],
    ]);
    expect(cells()[1]?.[6]).toBe('Trukket tilbake av Astrid Solberg 20.11.2026 09:15');
    expect(screen.queryByRole('button', { name: 'Trekk tilbake Gammel QGIS' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Trekk tilbake Vest 110 kartsystem' })).toBeTruthy();
  });

  it('registers a client and shows its secret once, with a warning and a copy button', async () => {
    renderWithApp(<ApiClientsPanel />);
    await tableCells();
    const fields = within(form());
    fireEvent.change(fields.getByLabelText('Navn', { exact: false }), { target: { value: '  Rogaland kart  ' } });
    await waitFor(() => expect(fields.getByRole('option', { name: /Rogaland brann og redning IKS/ })).toBeTruthy());
    fireEvent.change(fields.getByRole('combobox'), { target: { value: ROGALAND.organisationNumber } });
    fireEvent.change(fields.getByLabelText('Kontakt', { exact: false }), { target: { value: 'gis@rbr.example' } });
    fireEvent.change(fields.getByLabelText('Utløper', { exact: false }), { target: { value: '2027-06-30T23:59' } });
    fireEvent.click(fields.getByRole('button', { name: 'Registrer' }));

    const secret = await screen.findByRole('region', { name: 'Hemmeligheten til Rogaland kart' });
    expect(within(secret).getByText(SECRET)).toBeTruthy();
    expect(within(secret).getByText('fast-client-00000000000000aa')).toBeTruthy();
    expect(within(secret).getByText(/Den vises bare denne ene gangen/)).toBeTruthy();
    expect(api.bodies('POST /api/v1/admin/api-clients')).toEqual([
      {
        name: 'Rogaland kart',
        organisationNumber: ROGALAND.organisationNumber,
        contact: 'gis@rbr.example',
        expiresAt: new Date('2027-06-30T23:59').toISOString(),
      },
    ]);
    fireEvent.click(within(secret).getByRole('button', { name: 'Kopier hemmeligheten' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    // The list asks again and shows the new client.
    await waitFor(() => expect(cells().map((row) => row[0])).toContain('Rogaland kart'));

    fireEvent.click(within(secret).getByRole('button', { name: 'Jeg har tatt vare på den' }));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('says what is missing and sends nothing', async () => {
    renderWithApp(<ApiClientsPanel />);
    await tableCells();
    fireEvent.click(within(form()).getByRole('button', { name: 'Registrer' }));
    expect(await screen.findByText('Skriv navnet på klienten.')).toBeTruthy();
    expect(screen.getByText('Velg virksomheten klienten leser for.')).toBeTruthy();
    expect(screen.getByText('Skriv hvem som er kontakt for klienten.')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it("shows a refused registration with the server's message and the reference to copy", async () => {
    api.answer('POST /api/v1/admin/api-clients', () =>
      jsonResponse(
        { reference: REFERENCE, type: 'CONFLICT', message: 'Klient-ID-en maskinporten-abc er allerede i bruk.' },
        { status: 409 },
      ),
    );
    renderWithApp(<ApiClientsPanel />);
    await tableCells();
    const fields = within(form());
    fireEvent.change(fields.getByLabelText('Navn', { exact: false }), { target: { value: 'Dobbel' } });
    await waitFor(() => expect(fields.getByRole('option', { name: /110 Vest/ })).toBeTruthy());
    fireEvent.change(fields.getByRole('combobox'), { target: { value: VEST_110.organisationNumber } });
    fireEvent.change(fields.getByLabelText('Kontakt', { exact: false }), { target: { value: 'x@example.no' } });
    fireEvent.change(fields.getByLabelText('Klient-ID', { exact: false }), { target: { value: 'maskinporten-abc' } });
    fireEvent.click(fields.getByRole('button', { name: 'Registrer' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Klient-ID-en maskinporten-abc er allerede i bruk.')).toBeTruthy();
    expect(within(alert).getByText(`Feilreferanse: ${REFERENCE}`)).toBeTruthy();
    expect((api.bodies('POST /api/v1/admin/api-clients')[0] as { clientId?: string }).clientId).toBe('maskinporten-abc');
    expect(screen.queryByRole('region', { name: /Hemmeligheten til/ })).toBeNull();
  });

  it('asks before making a new secret, then shows it once', async () => {
    renderWithApp(<ApiClientsPanel />);
    await tableCells();
    fireEvent.click(screen.getByRole('button', { name: 'Ny hemmelighet for Vest 110 kartsystem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lage ny hemmelighet for Vest 110 kartsystem?' });
    expect(within(dialog).getByText(/Den gamle hemmeligheten slutter å virke med en gang/)).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lag ny hemmelighet' }));
    const secret = await screen.findByRole('region', { name: 'Hemmeligheten til Vest 110 kartsystem' });
    expect(within(secret).getByText(NEW_SECRET)).toBeTruthy();
    expect(posts().map((r) => r.route)).toEqual([`POST /api/v1/admin/api-clients/${ACTIVE.id}/rotate`]);
  });

  it('asks before revoking, sends nothing when cancelled, and revokes when confirmed', async () => {
    renderWithApp(<ApiClientsPanel />);
    await tableCells();
    fireEvent.click(screen.getByRole('button', { name: 'Trekk tilbake Vest 110 kartsystem' }));
    let dialog = await screen.findByRole('dialog', { name: 'Trekke tilbake Vest 110 kartsystem?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Trekk tilbake Vest 110 kartsystem' }));
    dialog = await screen.findByRole('dialog', { name: 'Trekke tilbake Vest 110 kartsystem?' });
    expect(within(dialog).getByText(/Klienten blir avvist fra neste forespørsel/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Trekk tilbake' }));
    await waitFor(() => expect(cells()[0]?.[5]).toBe('Trukket tilbake'));
    expect(posts().map((r) => r.route)).toEqual([`POST /api/v1/admin/api-clients/${ACTIVE.id}/revoke`]);
    expect(listRequests()).toBe(2);
    expect(screen.queryByRole('region', { name: /Hemmeligheten til/ })).toBeNull();
  });

  it('is in Nynorsk too', async () => {
    i18next.addResourceBundle('nn', 'translation', nn, true, true);
    renderWithApp(<ApiClientsPanel />);
    await act(() => i18next.changeLanguage('nn'));
    const table = await screen.findByRole('table', { name: 'Registrerte API-klientar' });
    const statuses = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[5]?.textContent);
    expect(statuses).toEqual(['Aktiv', 'Trekt tilbake', 'Gått ut']);
    expect(screen.getByRole('button', { name: 'Ny løyndom for Vest 110 kartsystem' })).toBeTruthy();
  });
});
