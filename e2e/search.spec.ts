import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { apiHeaders, expect, signInToLanding, test } from './fixtures/session.ts';

/**
 * Journey 2 and 3 of DESIGN.md on the search screen (issue 5, done-when 3): search "propan" in a
 * municipality, add a substance-group and a major-accident filter, remove a chip, sort by date
 * both ways, change the page size, page, open a facility, come back to the same state, export
 * and read the downloaded file. Axe on the way, screenshots at 1440 and 375 px.
 */

const resultsHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Treff/ });
const rows = (page: Page) => page.locator('tbody tr');
const chips = (page: Page) => page.getByRole('list', { name: 'Valgte filtre' }).getByRole('button');

async function totalHits(page: Page): Promise<number> {
  await expect(resultsHeading(page)).toContainText('anlegg');
  const match = /(\d[\d\s]*) anlegg/.exec(await resultsHeading(page).innerText());
  return Number(match?.[1]?.replace(/\s/g, '') ?? Number.NaN);
}

/** Waits until the table shows the answer to what the URL asks (no request in flight, no dimmed table). */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(rows(page).first()).toBeVisible();
}

async function openCategory(page: Page, name: string): Promise<Locator> {
  const summary = page.locator('summary', { hasText: new RegExp(`^${name}`) }).first();
  const details = summary.locator('xpath=..');
  if ((await details.getAttribute('open')) === null) await summary.click();
  return details;
}

/** A filter box is controlled by the URL: it shows the tick once the URL has it. */
async function tick(checkbox: Locator) {
  await checkbox.click();
  await expect(checkbox).toBeChecked();
}

/** The dates of the date column, as yyyy-mm-dd text for comparing ('' for none). */
async function dates(page: Page): Promise<string[]> {
  const texts = await rows(page).locator('td:nth-child(6)').allInnerTexts();
  return texts.map((t) => t.trim().split('.').reverse().join('-'));
}

test('search, filter, sort, page, open a facility, come back, export', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInToLanding(page, 'oslo.brann');
  await page.getByRole('link', { name: 'Vis anlegg' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page).toHaveTitle('FAST - søk');
  await expect(page.getByText('Skriv inn et søk eller velg filtre.')).toBeVisible();

  // Free text, searched while typing.
  await page.getByRole('searchbox', { name: /Søk på anleggs-ID/ }).fill('propan');
  await expect(page).toHaveURL(/q=propan/);
  await settled(page);
  const all = await totalHits(page);
  expect(all).toBeGreaterThan(10);

  // In a municipality: Oslo under Oslo.
  const area = await openCategory(page, 'Område');
  await area.locator('summary', { hasText: /^Oslo/ }).click();
  await tick(area.getByRole('checkbox', { name: 'Oslo', exact: true }));
  await expect(page).toHaveURL(/area=03%3A0301/);
  await settled(page);
  const inOslo = await totalHits(page);
  expect(inOslo).toBeGreaterThan(10);

  // A substance group (the whole group) and a major-accident relation.
  const groups = await openCategory(page, 'Stoffgruppe');
  await groups.locator('summary', { hasText: /^Brannfarlig gass/ }).click();
  await tick(groups.getByRole('checkbox', { name: /^Brannfarlig gass.* \(hele gruppen\)$/ }));
  await expect(page).toHaveURL(/group=1(&|$)/);
  const majorAccident = await openCategory(page, 'Storulykke');
  await tick(majorAccident.getByRole('checkbox', { name: 'Meldepliktig etter § 6' }));
  await expect(page).toHaveURL(/ma=PARAGRAPH_SIX/);
  await expect(resultsHeading(page)).not.toContainText(`${inOslo} anlegg`);
  // One chip per selection: the municipality Oslo, not its county as well.
  await expect(chips(page)).toHaveText(['Søk: «propan»', 'Oslo', 'Brannfarlig gass (hele gruppen)', 'Meldepliktig etter § 6']);

  // Removing the major-accident chip lifts that filter only.
  await page.getByRole('button', { name: 'Fjern Meldepliktig etter § 6' }).click();
  await expect(page).not.toHaveURL(/ma=/);
  await expect(chips(page)).toHaveCount(3);
  await settled(page);
  const filtered = await totalHits(page);
  expect(filtered).toBeGreaterThan(10);
  expect(filtered).toBeLessThanOrEqual(inOslo);
  await expectNoSeriousViolations(page);

  // Sort by date: first click ascending, second descending.
  const dateHeader = page.getByRole('columnheader', { name: 'Første stoffmelding' });
  await dateHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=firstSubstanceNotificationOn&dir=ASC/);
  await expect(dateHeader).toHaveAttribute('aria-sort', 'ascending');
  await settled(page);
  const ascending = (await dates(page)).filter(Boolean);
  expect(ascending).toEqual([...ascending].sort());
  await dateHeader.getByRole('button').click();
  await expect(page).toHaveURL(/dir=DESC/);
  await expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
  await settled(page);
  const descending = (await dates(page)).filter(Boolean);
  expect(descending).toEqual([...descending].sort().reverse());
  expect(descending[0]).not.toEqual(ascending[0]);

  // Page size 25 shows them all; back to 10 and to the second page.
  const pageSize = page.getByLabel('Rader per side');
  await pageSize.selectOption('25');
  await expect(page).toHaveURL(/size=25/);
  await settled(page);
  await expect(rows(page)).toHaveCount(Math.min(25, filtered));
  await expect(page.getByText(`Viser 1–${Math.min(25, filtered)} av ${filtered}`)).toBeVisible();
  await pageSize.selectOption('10');
  await settled(page);
  await expect(rows(page)).toHaveCount(10);
  await page.getByRole('button', { name: 'Side 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await settled(page);
  await expect(page.getByText(`Viser 11–${Math.min(20, filtered)} av ${filtered}`)).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/search-1440.png', fullPage: true });

  // Open a facility with Enter on its row, come back and find the same state.
  const stateUrl = page.url();
  const shownIds = await rows(page).locator('td:nth-child(2)').allInnerTexts();
  const first = rows(page).first();
  const id = await first.getAttribute('data-facility-id');
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/anlegg/${id}$`));
  await page.goBack();
  await expect(page).toHaveURL(stateUrl);
  await settled(page);
  await expect(rows(page).locator('td:nth-child(2)')).toHaveText(shownIds);
  await expect(chips(page)).toHaveCount(3);
  await expect(page.getByRole('searchbox', { name: /Søk på anleggs-ID/ })).toHaveValue('propan');
  await expect(page.getByRole('columnheader', { name: 'Første stoffmelding' })).toHaveAttribute('aria-sort', 'descending');

  // A row click opens the facility too; a reload keeps the state.
  await rows(page).nth(1).locator('td').nth(3).click();
  await expect(page).toHaveURL(/\/anlegg\/\d+$/);
  await page.goBack();
  await page.reload();
  await expect(page).toHaveURL(stateUrl);
  await settled(page);
  await expect(rows(page).locator('td:nth-child(2)')).toHaveText(shownIds);

  // "Vis i kart" carries the search's filters to the map.
  const mapLink = page.getByRole('link', { name: 'Vis i kart' });
  await expect(mapLink).toHaveAttribute('href', /^\/kart\?q=propan&area=03%3A0301&group=1$/);

  // Export: the file is the search, explosives left out (none here: the group is flammable gas).
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Eksporter til regneark' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('anlegg.xlsx');
  await expect(page.getByText('Regnearket anlegg.xlsx er lastet ned.')).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  expect(sheet?.name).toBe('Anlegg');
  expect(sheet?.getRow(1).getCell(2).value).toBe('Anleggs-ID');
  expect(sheet?.getRow(1).getCell(9).value).toBe('Dato for første stoffmelding');
  expect((sheet?.rowCount ?? 0) - 1).toBe(filtered);
  const exportedDates = [];
  for (let r = 2; r <= (sheet?.rowCount ?? 0); r++) exportedDates.push(sheet?.getRow(r).getCell(9).value);
  expect(exportedDates.some((d) => d instanceof Date)).toBe(true);
  // In the table's order (date descending).
  const times = exportedDates.filter((d): d is Date => d instanceof Date).map((d) => d.getTime());
  expect(times).toEqual([...times].sort((a, b) => b - a));

  // The trash icon resets everything.
  await page.getByRole('button', { name: 'Nullstill søk og filtre' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByText('Skriv inn et søk eller velg filtre.')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: /Søk på anleggs-ID/ })).toHaveValue('');
});

test('on a phone: a toggle between filters and results, screenshots at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInToLanding(page, 'oslo.brann');
  await page.goto('/search?q=propan&area=03%3A0301&group=1');
  await settled(page);
  const toggle = page
    .getByRole('radiogroup', { name: 'Vis filtre eller treff' })
    .or(page.getByRole('group', { name: 'Vis filtre eller treff' }));
  await expect(toggle.first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Filtre' })).toBeHidden();
  await page.screenshot({ path: 'test-results/screenshots/search-375-results.png', fullPage: true });
  await expectNoSeriousViolations(page);

  await toggle.first().getByText('Filtre').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Filtre' })).toBeVisible();
  await expect(resultsHeading(page)).toBeHidden();
  await page.screenshot({ path: 'test-results/screenshots/search-375-filters.png', fullPage: true });
  await expectNoSeriousViolations(page);
});

test('the clear ✕ empties the field, and the previous and next arrows page', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInToLanding(page, 'oslo.brann');
  // Every facility the user may see (Enter in the empty field).
  await page.goto('/search?q=');
  await settled(page);
  const total = await totalHits(page);
  expect(total).toBeGreaterThan(20);

  const next = page.getByRole('button', { name: 'Neste' });
  const previous = page.getByRole('button', { name: 'Forrige' });
  await next.click();
  await expect(page).toHaveURL(/page=2/);
  await settled(page);
  await expect(page.getByText(`Viser 11–20 av ${total}`)).toBeVisible();
  await next.click();
  await expect(page).toHaveURL(/page=3/);
  await previous.click();
  await expect(page).toHaveURL(/page=2/);
  await previous.click();
  await expect(page).not.toHaveURL(/page=[2-9]/);
  await settled(page);
  await expect(page.getByText(`Viser 1–10 av ${total}`)).toBeVisible();

  const field = page.getByRole('searchbox', { name: /Søk på anleggs-ID/ });
  const clear = page.getByRole('button', { name: 'Tøm søkefeltet' });
  await expect(clear).toBeHidden();
  await field.fill('propan');
  await expect(page).toHaveURL(/q=propan/);
  await clear.click();
  await expect(field).toHaveValue('');
  await expect(page).not.toHaveURL(/q=propan/);
  await expect(clear).toBeHidden();
});

test('sorting by every column, ascending then descending', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInToLanding(page, 'oslo.brann');
  await page.goto('/search?q=propan');
  await settled(page);
  const columns = [
    ['Privat/virksomhet', 'privatePerson'],
    ['ID', 'id'],
    ['Navn', 'name'],
    ['Adresse', 'address'],
    ['Kommune', 'municipality'],
    ['Første stoffmelding', 'firstSubstanceNotificationOn'],
    ['Anleggseier', 'client'],
    ['Storulykke', 'majorAccident'],
    ['Anleggsenheter', 'facilityUnitTypes'],
  ] as const;
  for (const [name, property] of columns) {
    const header = page.getByRole('columnheader', { name, exact: true });
    await header.getByRole('button').click();
    await expect(page).toHaveURL(new RegExp(`sort=${property}&dir=ASC`));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await settled(page);
    await header.getByRole('button').click();
    await expect(page).toHaveURL(new RegExp(`sort=${property}&dir=DESC`));
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await settled(page);
    if (property === 'id') {
      const ids = (await rows(page).locator('td:nth-child(2)').allInnerTexts()).map(Number);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    }
  }
});

test('the facility-unit-type filter, and one chip per selection: a substance or a municipality alone', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInToLanding(page, 'oslo.brann');
  await page.goto('/search?q=&area=03%3A0301');
  await settled(page);
  await expect(chips(page)).toHaveText(['Oslo']);
  const all = await totalHits(page);

  // A facility unit type: every hit has a unit of that type.
  const types = await openCategory(page, 'Anleggsenhet');
  const type = types.getByRole('checkbox').first();
  const typeName = (await type.evaluate((input: HTMLInputElement) => input.labels?.[0]?.textContent)) ?? '';
  await tick(type);
  await expect(page).toHaveURL(/type=\d+/);
  await expect(chips(page)).toContainText([typeName.trim()]);
  await settled(page);
  expect(await totalHits(page)).toBeLessThan(all);
  for (const units of await rows(page).locator('td:nth-child(9)').allInnerTexts()) expect(units).toContain(typeName.trim());
  await page.getByRole('button', { name: `Fjern ${typeName.trim()}` }).click();
  await expect(page).not.toHaveURL(/type=/);

  // Propane alone (specification section 4): one chip, "Propan", not its group as well; removing
  // it lifts the group from the search.
  const groups = await openCategory(page, 'Stoffgruppe');
  await groups.locator('summary', { hasText: /^Brannfarlig gass/ }).click();
  await tick(groups.getByRole('checkbox', { name: 'Propan', exact: true }));
  await expect(page).toHaveURL(/group=1%3A\d+/);
  await expect(chips(page)).toHaveText(['Oslo', 'Propan']);
  await page.getByRole('button', { name: 'Fjern Propan' }).click();
  await expect(page).not.toHaveURL(/group=/);
  await expect(chips(page)).toHaveText(['Oslo']);

  // The whole group is one chip too.
  await tick(groups.getByRole('checkbox', { name: /^Brannfarlig gass.* \(hele gruppen\)$/ }));
  await expect(chips(page)).toHaveText(['Oslo', 'Brannfarlig gass (hele gruppen)']);
  await page.getByRole('button', { name: 'Fjern Brannfarlig gass (hele gruppen)' }).click();
  await expect(page).not.toHaveURL(/group=/);

  // The municipality's chip is the place filter: removing it lifts the county.
  await page.getByRole('button', { name: 'Fjern Oslo' }).click();
  await expect(page).not.toHaveURL(/area=/);
  await expect(chips(page)).toHaveCount(0);
});

test('on a phone every hit is a card with the nine columns in order, sorted from a menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToLanding(page, 'oslo.brann');
  await page.goto('/search?q=propan');
  await settled(page);
  // Nothing scrolls sideways: not the page, not the results.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const region = page.getByRole('region', { name: /Anlegg som passer til søket/ });
  expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  const card = rows(page).first();
  const box = await card.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(390);
  expect(await card.locator('td').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-label')))).toEqual([
    'Privat/virksomhet',
    'ID',
    'Navn',
    'Adresse',
    'Kommune',
    'Første stoffmelding',
    'Anleggseier',
    'Storulykke',
    'Anleggsenheter',
    'Kart',
  ]);
  // Each value sits under the one before it, with its header beside it.
  const tops = await card.locator('td').evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().top));
  expect(tops).toEqual([...tops].sort((a, b) => a - b));
  expect(new Set(tops).size).toBe(tops.length);

  const sortMenu = page.getByLabel('Sorter etter');
  await sortMenu.selectOption({ label: 'Første stoffmelding, synkende' });
  await expect(page).toHaveURL(/sort=firstSubstanceNotificationOn&dir=DESC/);
  await settled(page);
  const shown = (await dates(page)).filter(Boolean);
  expect(shown).toEqual([...shown].sort().reverse());
  await sortMenu.selectOption({ label: 'ID, stigende' });
  await expect(page).toHaveURL(/sort=id&dir=ASC/);
  await page.screenshot({ path: 'test-results/screenshots/search-390-cards.png', fullPage: true });
  await expectNoSeriousViolations(page);
});

test('a failed search is toasted once with its reference, and the table says the hits could not be fetched', async ({ page }) => {
  await signInToLanding(page, 'oslo.brann');
  const reference = '5b7e2d9a-1c4f-4e8b-9a3d-6f0e1b2c3d4e';
  await page.route('**/api/v1/facilities/search', (route) =>
    route.fulfill({ status: 500, json: { reference, type: 'UNEXPECTED_ERROR', message: 'Noe gikk galt' } }),
  );
  await page.goto('/search?q=propan');
  await expect(page.getByText('Noe gikk galt her')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kopier feilreferanse' })).toBeVisible();
  await expect(page.getByText('Treffene kunne ikke hentes. Prøv å søke på nytt.')).toBeVisible();
});

/** The search's total through the API, as the page's own session asks (its scope). */
async function apiTotal(page: Page, payload: Record<string, unknown>): Promise<number> {
  const response = await page.request.post('/api/v1/facilities/search', {
    headers: await apiHeaders(page),
    data: {
      query: '',
      facilityObjects: [],
      counties: [],
      substanceGroups: [],
      majorAccidentRelations: [],
      hitsToSkip: 0,
      hitsToReturn: 10,
      ...payload,
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { totalHits: number }).totalHits;
}

test('a substance in the free text: the results say so and offer its filter in one click', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInToLanding(page, 'oslo.brann');
  const propane = { substanceGroups: [{ substanceGroupId: 1, substanceIds: [1] }] };
  const storing = await apiTotal(page, propane);

  // "propan" finds the facilities with Propan in their name or address: far fewer than store it.
  await page.goto('/search?q=propan');
  await settled(page);
  const named = await totalHits(page);
  expect(named).toBeLessThan(storing);
  const offer = page.getByText('Propan er et stoff. Fritekstsøket finner anlegg på ID, navn, adresse, postnummer og sted');
  await expect(offer).toBeVisible();
  const show = page.getByRole('button', { name: /^Vis de [\d\s]+ anleggene som lagrer propan$/ });
  const shown = Number((await show.innerText()).replace(/\D/g, ''));
  expect(shown).toBe(storing);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: 'test-results/screenshots/search-substance-offer-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(show).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/search-substance-offer-390.png', fullPage: true });
  await expectNoSeriousViolations(page);
  await page.setViewportSize({ width: 1440, height: 1000 });

  // One click: the substance filter instead of the word, and the facilities that store it.
  await show.click();
  await expect(page).toHaveURL(/[?&]q=&group=1%3A1$/);
  await settled(page);
  expect(await totalHits(page)).toBe(storing);
  await expect(chips(page)).toHaveText(['Propan']);
  await expect(offer).toBeHidden();
  // Back is the text search again.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]q=propan$/);

  // By UN number, and with a typo (two letters swapped), which the search itself now tolerates too.
  await page.goto('/search?q=UN%201978');
  await expect(page.getByText(/^UN 1978 er propan\./)).toBeVisible();
  await expect(show).toBeVisible();
  await page.goto('/search?q=propna');
  await settled(page);
  expect(await totalHits(page)).toBeGreaterThanOrEqual(named);
  await expect(offer).toBeVisible();
  await expect(show).toBeVisible();

  // With a place, the count is that of the search the button leads to.
  await page.goto('/search?q=propan&area=03%3A0301');
  const narrowed = page.getByRole('button', {
    name: /^Vis de [\d\s]+ anleggene som lagrer propan og passer til resten av søket$/,
  });
  await expect(narrowed).toBeVisible();
  expect(Number((await narrowed.innerText()).replace(/\D/g, ''))).toBe(
    await apiTotal(page, { ...propane, counties: [{ id: '03', municipalityCodes: ['0301'] }] }),
  );
});

test('a sort survives paging: sorted by name, page 2 is the sorted second page', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInToLanding(page, 'oslo.brann');
  await page.goto('/search?q=');
  await settled(page);
  const total = await totalHits(page);
  const nameHeader = page.getByRole('columnheader', { name: 'Navn', exact: true });
  await nameHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=name&dir=ASC/);
  await settled(page);
  // The same number of hits, so the pager's pages are the same as before the sort.
  await expect(page.getByText(`Viser 1–10 av ${total}`)).toBeVisible();
  await page.getByRole('button', { name: 'Side 2', exact: true }).click();
  await expect(page).toHaveURL(/sort=name&dir=ASC&page=2/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await settled(page);
  const response = await page.request.post('/api/v1/facilities/search', {
    headers: await apiHeaders(page),
    data: { query: '', hitsToSkip: 10, hitsToReturn: 10, orderBy: { property: 'name', direction: 'ASC' } },
  });
  const expected = ((await response.json()) as { hits: { id: number }[] }).hits.map((hit) => String(hit.id));
  await expect(rows(page).locator('td:nth-child(2)')).toHaveText(expected);
  // And the arrows keep it too.
  await page.getByRole('button', { name: 'Neste' }).click();
  await expect(page).toHaveURL(/sort=name&dir=ASC&page=3/);
});

test('at 1440 px the map link of every row is in view, also when the table is wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInToLanding(page, 'oslo.brann');
  // "propan", and the widest page of the demo register (long major-accident and unit type names).
  for (const url of ['/search?q=propan', '/search?q=&sort=majorAccident&dir=DESC&size=50']) {
    await page.goto(url);
    await settled(page);
    const region = await page.getByRole('region', { name: /Anlegg som passer til søket/ }).boundingBox();
    const header = await page.getByRole('columnheader', { name: 'Kart', exact: true }).boundingBox();
    const links = await rows(page)
      .locator('td:last-child a')
      .evaluateAll((anchors) => anchors.map((a) => a.getBoundingClientRect().right));
    expect(links.length).toBeGreaterThan(0);
    const edge = (region?.x ?? 0) + (region?.width ?? 0);
    expect((header?.x ?? 0) + (header?.width ?? 0), url).toBeLessThanOrEqual(edge + 0.5);
    for (const right of links) expect(right, url).toBeLessThanOrEqual(edge + 0.5);
    await page.screenshot({
      path: `test-results/screenshots/search-map-column-1440-${url.includes('sort') ? 'wide' : 'propan'}.png`,
    });
  }
  await expect(
    rows(page)
      .first()
      .getByRole('link', { name: /^Vis anlegg \d+ i kart$/ }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
});
