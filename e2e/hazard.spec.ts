import { readFileSync } from 'node:fs';
import type { FacilityDetail, SearchResponse } from '@fast/contracts';
import type { Page } from '@playwright/test';
import { pdfPages, pdfText } from '../apps/server/test/pdf-text.ts';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { apiHeaders, expect, signInToLanding, test } from './fixtures/session.ts';

/**
 * Issue 16, done-when 3: a fire-service user opens a facility with anhydrous ammonia, reads its
 * hazard section (danger labels, orange plate, distances), opens the ammonia hazard card and
 * downloads the one-page briefing; axe; screenshots at 390 and 1440 px under
 * test-results/screenshots. "Sikkerhetssoner" (the ERG's zones on the map) is protective-zones.spec.ts.
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
  // Ammonia's protective action is downwind: never called an evacuation; every figure names its edition.
  const largest = section.locator('dl').first();
  await expect(largest).toContainText('Største isolasjonsavstand');
  await expect(largest).toContainText('Beskytt personer nedvinds');
  await expect(largest).toContainText('ERG 2016');
  await expect(largest).not.toContainText('evakuering', { ignoreCase: true });
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
  await expect(dialog).toContainText('ERG 2024, veiledning 125');
  await expect(dialog.getByRole('heading', { name: 'Første tiltak' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Oransje skilt: farenummer 268, UN-nummer 1005' })).toBeVisible();
  // The distances, each block headed by its source and edition; Table 3 as a grid of containers.
  const distances = dialog.getByRole('region', { name: 'Avstander (ERG 2016)' });
  await expect(distances.getByRole('heading', { name: 'ERG 2016, veiledning 125' })).toBeVisible();
  await expect(distances.getByRole('heading', { name: 'ERG 2016, tabell 1' })).toBeVisible();
  const table3 = distances.getByRole('table', { name: /Stort utslipp etter beholder og vind/ });
  await expect(table3.getByRole('rowheader', { name: /jernbanetankvogn/i })).toBeVisible();
  await expect(table3.getByRole('columnheader')).toHaveCount(10);
  // A gas's card has no wording meant for explosives, and no downwind evacuation.
  await expect(dialog).not.toContainText('eksplosiver');
  await expect(dialog).not.toContainText('Evakuering');
  await expectNoSeriousViolations(page, '[role="dialog"], dialog');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    // Readable at both widths: at 1440 px no column of Table 3 is cut off (on a phone its box scrolls).
    if (width === 1440) {
      const clipped = await table3.evaluate((table) => table.scrollWidth > (table.parentElement?.clientWidth ?? 0) + 1);
      expect(clipped, 'Table 3 fits the dialog at 1440 px').toBe(false);
    }
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
