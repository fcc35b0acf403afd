import { readFileSync } from 'node:fs';
import type { DistanceSetter, FacilityDetail, SearchResponse } from '@fast/contracts';
import type { Page } from '@playwright/test';
import { pdfPages, pdfText } from '../apps/server/test/pdf-text.ts';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { apiHeaders, expect, signInToLanding, test } from './fixtures/session.ts';

/**
 * Issue 16, done-when 3: a fire-service user opens a facility with anhydrous ammonia, reads its
 * hazard section (danger labels, orange plate, distances), opens the ammonia hazard card and
 * downloads the one-page briefing; axe; screenshots at 390 and 1440 px under
 * test-results/screenshots. Then "Sikkerhetssoner": the isolation and evacuation rings drawn on
 * the map around the facility, listed by label in the zone panel with the facilities inside.
 */

const USER = 'vest.110';
const COUNTY = '46';
const TOXIC_GAS_GROUP = 2;
const AMMONIA_SUBSTANCE = 9;

/** A demo facility in the user's scope that stores anhydrous ammonia (found through the search API). */
async function ammoniaFacility(page: Page): Promise<FacilityDetail> {
  const headers = await apiHeaders(page);
  const search = await page.request.post('/api/v1/facilities/search', {
    headers,
    data: {
      query: '',
      facilityObjects: [],
      counties: [{ id: COUNTY, municipalityCodes: [] }],
      substanceGroups: [{ substanceGroupId: TOXIC_GAS_GROUP, substanceIds: [AMMONIA_SUBSTANCE] }],
      majorAccidentRelations: [],
      hitsToSkip: 0,
      hitsToReturn: 10,
    },
  });
  expect(search.status()).toBe(200);
  const { hits } = (await search.json()) as SearchResponse;
  expect(hits.length, 'a demo facility with ammonia in 110 Vest’s scope').toBeGreaterThan(0);
  const id = hits[0]?.id;
  return (await page.request.get(`/api/v1/facilities/${id}`, { headers })).json() as Promise<FacilityDetail>;
}

test('a facility with ammonia: hazard labels, plate, the hazard card and the briefing', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToLanding(page, USER);
  const facility = await ammoniaFacility(page);
  await page.goto(`/anlegg/${facility.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const section = page.getByRole('region', { name: 'Farekort og sikkerhetsavstander', exact: true });
  await expect(section).toBeVisible();
  const row = section.getByRole('row').filter({ hasText: 'UN 1005' });
  await expect(row.getByRole('img', { name: 'Fareetikett 2.3: giftig gass' })).toBeVisible();
  await expect(row.getByRole('img', { name: 'Fareetikett 8: etsende stoff' })).toBeVisible();
  await expect(row.getByRole('img', { name: 'Oransje skilt: farenummer 268, UN-nummer 1005' })).toBeVisible();
  await expect(row).toContainText('125');
  const { isolation, evacuation } = facility.hazardDistances;
  expect(isolation && evacuation).toBeTruthy();
  await expect(section).toContainText('Største evakueringsavstand');
  await expectNoSeriousViolations(page);

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/hazard-section-${width}.png`, fullPage: false });
  }

  // The hazard card, large enough to read in a vehicle.
  await row.getByRole('button', { name: /Vis farekort for Ammoniakk/ }).click();
  const dialog = page.getByRole('dialog', { name: /Farekort UN 1005/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('ERG 2024, guide 125');
  await expect(dialog.getByRole('heading', { name: 'Første tiltak' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Oransje skilt: farenummer 268, UN-nummer 1005' })).toBeVisible();
  await expect(dialog).toContainText('Giftig ved innånding (ERG tabell 1)');
  await expectNoSeriousViolations(page, '[role="dialog"], dialog');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screenshots/hazard-card-${width}.png` });
  }
  await dialog.getByRole('button', { name: 'Lukk farekortet' }).first().click();
  await expect(dialog).toBeHidden();

  // The briefing: one page, the facility, ammonia's UN number and the restriction marking.
  await page.setViewportSize({ width: 1440, height: 900 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Last ned innsatsark (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Innsatsark ${facility.id}.pdf`);
  const path = await download.path();
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(await pdfPages(bytes)).toBe(1);
  const text = await pdfText(bytes);
  for (const expected of ['INNSATSARK', String(facility.id), '1005', '268/1005', 'Skjermet / begrenset tilgang'])
    expect(text).toContain(expected);
  if (facility.name) expect(text).toContain(facility.name);
});

/**
 * The zone panel's label of a ring: "Evakueringssone: 800 m – Propan (UN 1978)", or with table 1's
 * night and day figures "Evakueringssone: 3 700 m om natten, 1 600 m om dagen – Ammoniakk (UN 1005)".
 */
function ringLabel(kind: 'Isolasjonssone' | 'Evakueringssone', setter: DistanceSetter): string {
  const metres = (m: number) => new Intl.NumberFormat('nb-NO').format(m);
  const value =
    setter.dayMetres === undefined
      ? `${metres(setter.metres)} m`
      : `${metres(setter.metres)} m om natten, ${metres(setter.dayMetres)} m om dagen`;
  return `${kind}: ${value} – ${setter.name} (UN ${setter.unNumber})`;
}

test('"Sikkerhetssoner" draws the isolation and evacuation rings as zones with the facilities inside', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToLanding(page, USER);
  const facility = await ammoniaFacility(page);
  const { isolation, evacuation } = facility.hazardDistances;
  if (!isolation || !evacuation) throw new Error('ammonia gives both distances');
  await page.goto(`/anlegg/${facility.id}`);
  const section = page.getByRole('region', { name: 'Farekort og sikkerhetsavstander', exact: true });
  await section.getByRole('link', { name: 'Sikkerhetssoner' }).click();
  await expect(page).toHaveURL(new RegExp(`/kart/${facility.id}$`));
  await expect(page.getByTestId('map-status')).toHaveAttribute('data-phase', 'ready', { timeout: 120_000 });

  const zones = page.getByRole('region', { name: 'Figurer og soner' });
  const rings = [ringLabel('Isolasjonssone', isolation), ringLabel('Evakueringssone', evacuation)];
  await expect(zones.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
  for (const [label, setter] of [
    [rings[0], isolation],
    [rings[1], evacuation],
  ] as const) {
    const ring = zones.getByRole('listitem', { name: label });
    await expect(ring.getByRole('heading', { level: 3, name: label })).toBeVisible();
    await expect(ring).toContainText(`Radius: ${new Intl.NumberFormat('nb-NO').format(setter.metres)} m`);
    await expect(ring.getByTestId('zone-count')).toContainText(/Anlegg i sonen: [1-9]/);
    // The facility itself lies at the centre of its rings.
    await expect(ring.locator(`[data-facility-id="${facility.id}"]`)).toBeVisible();
  }

  // The map's popup of the facility shows the same largest distances and can draw the rings again.
  const popup = page.locator('.maplibregl-popup');
  await expect(popup).toContainText(`Største evakueringsavstand${ringLabel('Evakueringssone', evacuation).split(': ')[1]}`);
  await expect(popup.getByRole('button', { name: 'Sikkerhetssoner' })).toBeVisible();
  await expect(page.getByTestId('map')).toHaveAttribute('data-basemap', 'drawn', { timeout: 60_000 });
  await expectNoSeriousViolations(page);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `test-results/screenshots/safety-zones-${width}.png`, fullPage: true });
  }

  // The request was answered once: a reload keeps the two rings and draws no more.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await expect(page.getByTestId('map-status')).toHaveAttribute('data-phase', 'ready', { timeout: 120_000 });
  await expect(zones.getByRole('listitem', { name: rings[1] })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(zones.getByRole('listitem')).toHaveCount(2);

  // From the popup: the rings are drawn directly. By the keyboard: a pointer click makes Playwright
  // scroll the page, which moves the map's popup under the pointer (it is anchored to the map).
  await popup.getByRole('button', { name: 'Sikkerhetssoner' }).focus();
  await page.keyboard.press('Enter');
  await expect(zones.getByRole('listitem')).toHaveCount(4);
});
