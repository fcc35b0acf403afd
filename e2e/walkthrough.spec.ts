import type { NearbyResponse, SearchResponse } from '@fast/contracts';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { apiHeaders, expect, signInToLanding, test } from './fixtures/session.ts';

/**
 * Issue 40's walk-through, the header, facility and map items: the screens' links in the header,
 * a facility that is not there, the hazards at the top, the way back to the incident, and the
 * offline basemap's note; axe, and screenshots at 390 and 1440 px under test-results/screenshots.
 */

const USER = 'vest.110';
const WIDTHS = [390, 1440] as const;

async function viewport(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
}

/** The first facility of the user's scope with a position and substances, by the search API. */
async function facilityWithHazards(page: Page): Promise<{ id: number; lat: number; lon: number }> {
  const headers = await apiHeaders(page);
  const search = await page.request.post('/api/v1/facilities/search', {
    headers,
    data: {
      query: '',
      facilityObjects: [],
      counties: [{ id: '46', municipalityCodes: [] }],
      substanceGroups: [],
      majorAccidentRelations: ['PARAGRAPH_NINE'],
      hitsToSkip: 0,
      hitsToReturn: 10,
    },
  });
  const { hits } = (await search.json()) as SearchResponse;
  for (const hit of hits) {
    const detail = await page.request.get(`/api/v1/facilities/${hit.id}`, { headers });
    const facility = (await detail.json()) as {
      position: { wgs84: { lat: number; lon: number } } | null;
      substanceGroups: unknown[];
    };
    if (facility.position && facility.substanceGroups.length > 0)
      return { id: hit.id, lat: facility.position.wgs84.lat, lon: facility.position.wgs84.lon };
  }
  throw new Error('no facility with a position and substances');
}

for (const width of WIDTHS) {
  test(`the header links to search, map and incident at ${width} px`, async ({ page }) => {
    await viewport(page, width);
    await signInToLanding(page, USER);
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Skjermbilder' });
    await expect(nav.getByRole('link')).toHaveText(['Søk', 'Kart', 'Hendelse']);
    // Nothing in the bar is pushed out of the window.
    const overflow = await page.getByRole('banner').evaluate((header) => header.scrollWidth - header.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The title ends before the first link begins.
    const title = await page
      .getByRole('banner')
      .getByText(width < 600 ? 'FAST' : 'FAST - anlegg og kart', { exact: true })
      .boundingBox();
    const first = await nav.getByRole('link').first().boundingBox();
    expect((title?.x ?? 0) + (title?.width ?? 0)).toBeLessThanOrEqual(first?.x ?? 0);
    await nav.getByRole('link', { name: 'Kart' }).click();
    await expect(page).toHaveURL(/\/kart$/);
    await expect(nav.getByRole('link', { name: 'Kart' })).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousViolations(page, 'header');
    await page.screenshot({
      path: `test-results/screenshots/walkthrough-header-${width}.png`,
      clip: { x: 0, y: 0, width, height: 120 },
    });
  });

  test(`a facility that is not there says so, and what to do, at ${width} px`, async ({ page }) => {
    await viewport(page, width);
    await signInToLanding(page, USER);
    await page.goto('/anlegg/2000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Fant ikke anlegget' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Gå til Mine tilganger' })).toHaveAttribute('href', '/access');
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `test-results/screenshots/walkthrough-facility-not-found-${width}.png` });
    await page.goto('/anlegg/-5');
    await expect(page.getByText('Anleggs-ID må være et positivt heltall, for eksempel 1234.')).toBeVisible();
  });

  test(`the hazards come first on the facility page, at ${width} px`, async ({ page }) => {
    await viewport(page, width);
    await signInToLanding(page, USER);
    const facility = await facilityWithHazards(page);
    await page.goto(`/anlegg/${facility.id}`);
    const hazards = page.getByRole('region', { name: 'Farekort og sikkerhetsavstander' });
    await expect(page.locator('main section > h2').first()).toHaveText('Farekort og sikkerhetsavstander');
    const box = await hazards.boundingBox();
    // About the first screen (the title and actions above it), no longer ~1 500 px down.
    expect(box?.y ?? Infinity).toBeLessThan(width < 600 ? 1000 : 600);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `test-results/screenshots/walkthrough-facility-hazards-${width}.png` });
  });

  test(`the map says its offline basemap is simplified, at ${width} px`, async ({ page }) => {
    await viewport(page, width);
    await signInToLanding(page, USER);
    await page.goto('/kart');
    await expect(page.getByTestId('map-status')).toHaveAttribute('data-phase', 'ready', { timeout: 120_000 });
    await expect(page.getByTestId('map')).toHaveAttribute('data-basemap', 'drawn', { timeout: 60_000 });
    const attribution = page.locator('.maplibregl-ctrl-attrib');
    await expect(attribution).toContainText('Forenklet bakgrunnskart: uten veier og stedsnavn');
    await expect(attribution).toContainText('© Kartverket');
    // Said once.
    expect((await attribution.innerText()).split('Forenklet bakgrunnskart').length).toBe(2);
    // Readable: the scale bar stands clear of the credit line, not across it.
    const scale = await page.locator('.maplibregl-ctrl-scale').boundingBox();
    const credit = await page.locator('.maplibregl-ctrl-attrib-inner').boundingBox();
    if (!scale || !credit) throw new Error('scale or credit not shown');
    expect(scale.y + scale.height <= credit.y || scale.x + scale.width <= credit.x, JSON.stringify({ scale, credit })).toBe(true);
    await expectNoSeriousViolations(page);
    await page.getByTestId('map').screenshot({ path: `test-results/screenshots/walkthrough-map-basemap-note-${width}.png` });
  });
}

test('a facility opened from the incident list leads back to the incident', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToLanding(page, USER);
  const facility = await facilityWithHazards(page);
  const incident = `/hendelse?lat=${facility.lat.toFixed(6)}&lon=${facility.lon.toFixed(6)}&r=500`;
  const nearby = page.waitForResponse((response) => response.url().includes('/api/v1/facilities/nearby'));
  await page.goto(incident);
  const answer = (await (await nearby).json()) as NearbyResponse;
  expect(answer.facilities.length).toBeGreaterThan(0);
  await page.locator('main table a[href^="/anlegg/"]').first().click();
  await expect(page).toHaveURL(/\/anlegg\/\d+$/);
  const nav = page.getByRole('navigation', { name: 'Navigasjon' });
  await expect(nav.getByRole('link', { name: 'Tilbake til søket' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Tilbake til hendelsen' }).click();
  await expect(page).toHaveURL(incident);
});
