import type { MapFacilityPopup } from '@fast/contracts';
import type { Page } from '@playwright/test';
import geographiclib from 'geographiclib-geodesic';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { expect, signInToLanding, test } from './fixtures/session.ts';

/**
 * Issue 15, done-when 3: the incident lookup as vest.110 — type the address of a Bergen facility,
 * choose it, choose 500 m; the list starts with that facility at 0 m and equals an independent
 * geodesic computation over the user's own facilities (fetched here through the API with the
 * page's token); a row leads to its facility; the map's popup leads back to a point; the print
 * preview; axe; and the same in Nynorsk.
 */

const geodesic = geographiclib.Geodesic.WGS84;
type Tuple = [number, number, number, string | null, number, number, number];
interface Hit {
  id: number;
  address: { street: string | null; postalCode: string | null; postalPlace: string | null };
}
/** Map positions are rounded to 1e-5° (about 1 m): distances are compared within this. */
const TOLERANCE_METRES = 2;
const RADIUS = 500;

/** The API headers the app sends (its bearer token and organisation), read from its own requests. */
function watchHeaders(page: Page) {
  let headers: Record<string, string> = {};
  page.on('request', (request) => {
    if (!request.url().includes('/api/v1/')) return;
    const all = request.headers();
    if (all.authorization) headers = { authorization: all.authorization, 'fast-org-number': all['fast-org-number'] ?? '' };
  });
  return () => headers;
}

/** Every facility of the user's scope with its position, through the map's paged snapshot. */
async function userFacilities(page: Page, headers: Record<string, string>): Promise<Tuple[]> {
  const all: Tuple[] = [];
  let body: Record<string, unknown> = { pageSize: 10_000 };
  for (;;) {
    const response = await page.request.post('/api/v1/map/facilities', { headers, data: body });
    expect(response.ok()).toBe(true);
    const page_ = (await response.json()) as {
      facilities: Tuple[];
      hasMoreResults: boolean;
      pitId: string;
      continueFrom: unknown;
    };
    all.push(...page_.facilities);
    if (!page_.hasMoreResults) return all;
    body = { pageSize: 10_000, pitId: page_.pitId, continueFrom: page_.continueFrom };
  }
}

/** A Bergen facility with a street address, from the search API in the user's scope. */
async function bergenFacility(page: Page, headers: Record<string, string>): Promise<Hit> {
  const response = await page.request.post('/api/v1/facilities/search', {
    headers,
    data: {
      query: '',
      counties: [{ id: '46', municipalityCodes: ['4601'] }],
      facilityObjects: [],
      substanceGroups: [],
      majorAccidentRelations: [],
      hitsToSkip: 0,
      hitsToReturn: 50,
    },
  });
  expect(response.ok()).toBe(true);
  const { hits } = (await response.json()) as { hits: Hit[] };
  const hit = hits.find((h) => h.address.street && /\d/.test(h.address.street));
  if (!hit) throw new Error('vest.110 has no Bergen facility with a street address');
  return hit;
}

const rowIds = (page: Page) =>
  page
    .getByTestId('incident-results')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-facility-id'))));
const rowDistances = (page: Page) => page.getByTestId('incident-results').locator('tbody tr td:first-child').allTextContents();

for (const language of ['nb', 'nn'] as const) {
  const nn = language === 'nn';
  const text = {
    field: nn ? 'Stad eller koordinat' : 'Sted eller koordinat',
    heading: nn ? 'Kva finst i nærleiken?' : 'Hva finnes i nærheten?',
    card: nn ? 'Hending: kva finst i nærleiken?' : 'Hendelse: hva finnes i nærheten?',
    title: 'FAST - hendelse',
    print: 'Skriv ut',
    fetchedAt: nn ? /^Henta frå FAST \d\d\.\d\d\.\d{4} \d\d:\d\d\./ : /^Hentet fra FAST \d\d\.\d\d\.\d{4} \d\d:\d\d\./,
  };

  test(`vest.110 looks up the facilities around a Bergen address (${language})`, async ({ page }) => {
    test.setTimeout(240_000);
    const headers = watchHeaders(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToLanding(page, 'vest.110');
    if (nn) {
      await page.getByRole('button', { name: /^Språk/ }).click();
      await page.getByRole('button', { name: 'Nynorsk' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Velkomen til FAST' })).toBeVisible();
    }

    // The fourth card of the landing page; the empty state says what to do.
    await page.getByRole('link', { name: text.card }).click();
    await expect(page).toHaveURL(/\/hendelse$/);
    await expect(page).toHaveTitle(text.title);
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
    await expect(page.getByTestId('incident-empty')).toBeVisible();

    const facility = await bergenFacility(page, headers());
    const street = facility.address.street ?? '';
    const field = page.getByRole('combobox', { name: text.field });
    await field.pressSequentially(street, { delay: 20 });
    const option = page.getByRole('option').filter({ hasText: street }).first();
    await expect(option).toBeVisible({ timeout: 15_000 });
    // The keyboard: down to the candidate, Enter chooses it.
    const options = await page.getByRole('option').allTextContents();
    const index = options.findIndex((o) => o.includes(street));
    for (let i = 0; i <= index; i++) await field.press('ArrowDown');
    await expect(field).toHaveAttribute('aria-activedescendant', /-list-/);
    await field.press('Enter');
    await expect(page).toHaveURL(/lat=.*lon=.*r=500/);
    await page.getByRole('radio', { name: '500 m' }).check();

    // The list: the facility first at 0 m, then the same set and order as computed here.
    await expect(page.getByTestId('incident-results')).toBeVisible({ timeout: 20_000 });
    const url = new URL(page.url());
    const lat = Number(url.searchParams.get('lat'));
    const lon = Number(url.searchParams.get('lon'));
    expect(url.searchParams.get('r')).toBe(String(RADIUS));
    const ids = await rowIds(page);
    const distances = await rowDistances(page);
    expect(distances[0]).toBe('0 m');
    const atZero = ids.filter((_, i) => distances[i] === '0 m');
    expect(atZero).toContain(facility.id);

    const computed = (await userFacilities(page, headers()))
      .map(([id, flon, flat]) => ({ id, metres: geodesic.Inverse(lat, lon, flat, flon).s12 as number }))
      .sort((a, b) => a.metres - b.metres || a.id - b.id);
    const surelyInside = computed.filter((f) => f.metres <= RADIUS - TOLERANCE_METRES).map((f) => f.id);
    const possiblyInside = new Set(computed.filter((f) => f.metres <= RADIUS + TOLERANCE_METRES).map((f) => f.id));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of surelyInside) expect(ids, `facility ${id} lies inside ${RADIUS} m`).toContain(id);
    for (const id of ids) expect(possiblyInside.has(id), `facility ${id} lies outside ${RADIUS} m`).toBe(true);
    const byId = new Map(computed.map((f) => [f.id, f.metres]));
    const listed = ids.map((id) => byId.get(id) ?? Number.NaN);
    for (let i = 1; i < listed.length; i++)
      expect(listed[i] ?? 0).toBeGreaterThanOrEqual((listed[i - 1] ?? 0) - TOLERANCE_METRES);
    distances.forEach((shown, i) => {
      const metres = Number(shown.replace(/\s/g, '').replace(' m', '').replace(/m$/, ''));
      if (shown.endsWith(' m')) expect(Math.abs(metres - (listed[i] ?? 0))).toBeLessThanOrEqual(TOLERANCE_METRES);
    });
    await expect(page.getByTestId('incident-count')).toContainText(String(ids.length));

    // Each row's largest hazard distances are the map popup's for that facility (one computation).
    for (const id of ids.slice(0, 5)) {
      const popup = await page.request.get(`/api/v1/map/facilities/${id}`, { headers: headers() });
      const { hazardDistances } = (await popup.json()) as MapFacilityPopup;
      const cell = page.getByTestId('incident-results').locator(`tbody tr[data-facility-id="${id}"] td:nth-child(8)`);
      const shown = (await cell.textContent())?.replace(/\s/g, '') ?? '';
      const setters = [hazardDistances?.isolation, hazardDistances?.evacuation, hazardDistances?.fire].filter((s) => s);
      if (setters.length === 0) expect(shown, `facility ${id}`).toBe(nn ? 'Ingenavstandikjeldene' : 'Ingenavstandikildene');
      // As the ERG prints them, without spaces here: "800m", "3,7km".
      const ergDistance = (m: number) => (m < 1000 ? `${m}m` : `${(m / 1000).toFixed(1).replace('.', ',')}km`);
      for (const setter of setters) {
        expect(shown, `facility ${id}`).toContain(ergDistance(setter?.metres ?? 0));
        expect(shown, `facility ${id}`).toContain(`(UN${setter?.unNumber})`);
        expect(shown, `facility ${id}`).toContain(`ERG${setter?.edition}`);
        if (setter?.dayMetres !== undefined) expect(shown, `facility ${id}`).toContain(ergDistance(setter.dayMetres));
      }
    }

    // The point in three notations; the map has drawn the incident.
    await expect(page.getByTestId('incident-point')).toContainText(/32V \d{6} \d{7}/);
    await expect(page.getByTestId('incident-point')).toContainText(/32V [A-Z]{2} \d{5} \d{5}/);
    await expect(page.getByTestId('incident-map')).toHaveAttribute('data-incident', 'drawn', { timeout: 30_000 });
    await expect(page.getByTestId('incident-map')).toHaveAttribute('data-basemap', 'drawn', { timeout: 60_000 });
    // Hovering a row highlights it (its marker is the map's; the row is marked for the list).
    const firstRow = page.getByTestId('incident-results').locator('tbody tr').first();
    await firstRow.hover();
    await expect(firstRow).toHaveAttribute('data-highlighted', 'true');
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `test-results/incident-1440-${language}.png`, fullPage: true });

    // Print preview: no chrome, the point, the map and the list.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: text.print })).toBeHidden();
    // The paper says when the list was read (hidden on screen).
    await expect(page.getByTestId('incident-fetched-at')).toHaveText(text.fetchedAt);
    await page.screenshot({ path: `test-results/incident-print-${language}.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // On a phone the map and the list are stacked.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `test-results/incident-390-${language}.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // A row leads to its facility; there, "Anlegg i nærheten" leads back to a point.
    await page.getByTestId('incident-results').locator(`tbody tr[data-facility-id="${facility.id}"] a`).first().click();
    await expect(page).toHaveURL(new RegExp(`/anlegg/${facility.id}$`));
    await page.getByRole('link', { name: nn ? 'Anlegg i nærleiken' : 'Anlegg i nærheten' }).click();
    await expect(page).toHaveURL(/\/hendelse\?lat=/);
    await expect(page.getByTestId('incident-results')).toBeVisible({ timeout: 20_000 });
    expect(await rowIds(page)).toContain(facility.id);

    // From the map: a facility's popup asks "what is near?".
    await page.goto(`/kart/${facility.id}`);
    const nearby = page.getByRole('link', { name: nn ? 'Kva finst i nærleiken?' : 'Hva finnes i nærheten?' });
    await expect(nearby).toBeVisible({ timeout: 120_000 });
    await nearby.click();
    await expect(page).toHaveURL(/\/hendelse\?lat=.*&r=500/);
    await expect(page.getByTestId('incident-results')).toBeVisible({ timeout: 20_000 });
    expect((await rowDistances(page))[0]).toBe('0 m');
    expect(await rowIds(page)).toContain(facility.id);

    // A right-click on the map asks about any point.
    await page.goto('/kart');
    const mapCanvas = page.getByTestId('map');
    await expect(mapCanvas).toHaveAttribute('data-basemap', 'drawn', { timeout: 60_000 });
    await mapCanvas.click({ button: 'right', position: { x: 200, y: 200 } });
    await page.getByRole('link', { name: nn ? 'Kva finst i nærleiken?' : 'Hva finnes i nærheten?' }).click();
    await expect(page).toHaveURL(/\/hendelse\?lat=-?[\d.]+&lon=-?[\d.]+&r=500$/);
    await expect(page.getByTestId('incident-results').or(page.getByTestId('incident-none'))).toBeVisible({ timeout: 20_000 });
  });
}

for (const width of [390, 1440]) {
  test(`the place field has the focus; a chosen place brings its results into view and says how many (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await signInToLanding(page, 'vest.110');
    await page.goto('/hendelse');
    const field = page.getByRole('combobox', { name: 'Sted eller koordinat' });
    await expect(field).toBeFocused();
    // Typed at once, without a click. A UTM easting and northing without the zone: what is missing.
    await page.keyboard.type('6700000 300000');
    await expect(page.getByText('Det ser ut som UTM uten sone. Oppgi sone, f.eks. 32V: «32V 296803 6696176».')).toBeVisible({
      timeout: 15_000,
    });
    await field.fill('');
    await field.pressSequentially('5003', { delay: 20 });
    await expect(page.getByRole('option').filter({ hasText: '5003 Bergen' }).first()).toBeVisible({ timeout: 15_000 });
    await field.press('Enter');
    await expect(page).toHaveURL(/lat=.*lon=.*r=500/);
    // The results' heading in view (on a phone they start two screens down), and their number said.
    const heading = page.getByRole('heading', { level: 2, name: 'Anlegg innenfor 500 m' });
    await expect(page.getByTestId('incident-results')).toBeVisible({ timeout: 20_000 });
    await expect(heading).toBeInViewport();
    await expect(page.getByTestId('incident-announcement')).toHaveText(/^[\d\s]+ anlegg innenfor 500 m\.$/);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `test-results/incident-chosen-${width}.png` });
    await expectNoSeriousViolations(page);
  });
}
