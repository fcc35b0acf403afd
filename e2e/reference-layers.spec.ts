import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { expect, signInToLanding, test } from './fixtures/session.ts';

/**
 * The console's reference data (issue 37): fast.admin checks Kartverket's address file (47
 * addresses in Kristiansand as Kartverket writes them, plus a row with an unknown municipality),
 * reads the report by line, loads it as a new version of the address layer; vest.110 then finds
 * one of its street addresses on the incident screen, outside its own municipalities (addresses
 * are public). The administrator rolls back at the end, so the demo layer is active again for
 * every other journey. Then vest.110 finds a Bergen street address of the demo layer and sees the
 * kindergartens (and the schools, care homes and hospitals) of the demo's vulnerable objects inside
 * the radius, on the list and on the map, as the API counts them.
 */

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

interface Within {
  objects: { kind: string; name: string }[];
  totals: { kind: string; count: number; capacity: number; capacityKnown: number }[];
  layer: { source: string } | null;
}

const within = async (page: Page, headers: Record<string, string>, latitude: number, longitude: number, radiusMeters: number) => {
  const response = await page.request.post('/api/v1/vulnerable-objects/within', {
    headers,
    data: { latitude, longitude, radiusMeters },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Within;
};

/**
 * A Bergen facility's street address (the demo address layer has every one) with a kindergarten
 * within `radius` of it: the search's first hits with a house number, their positions from the map's
 * snapshot, the first with a kindergarten as the API counts them.
 */
async function addressNearKindergarten(page: Page, headers: Record<string, string>, radius: number) {
  const search = await page.request.post('/api/v1/facilities/search', {
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
  expect(search.ok()).toBe(true);
  const { hits } = (await search.json()) as {
    hits: { id: number; address: { street: string | null; postalCode: string | null } }[];
  };
  const snapshot = await page.request.post('/api/v1/map/facilities', { headers, data: { pageSize: 10_000 } });
  const { facilities } = (await snapshot.json()) as { facilities: [number, number, number][] };
  const positions = new Map(facilities.map(([id, lon, lat]) => [id, [lat, lon] as const]));
  for (const hit of hits) {
    const position = positions.get(hit.id);
    if (!position || !hit.address.street || !/\d/.test(hit.address.street) || !hit.address.postalCode) continue;
    const answer = await within(page, headers, position[0], position[1], radius);
    if (answer.totals.some((total) => total.kind === 'kindergarten'))
      return { street: hit.address.street, postalCode: hit.address.postalCode };
  }
  throw new Error('no Bergen facility of vest.110 has a demo kindergarten nearby');
}

/** A number as the page writes it ("1 234"), as a pattern: the space may be a non-breaking one. */
const digits = (value: number) => new Intl.NumberFormat('nb-NO').format(value).replace(/\s/g, '\\s');

const fixture = readFileSync(
  join(import.meta.dirname, '../apps/server/test/fixtures/reference/matrikkelen-adresse-kristiansand.csv'),
  'utf8',
);
const [, first = ''] = fixture.split('\n');
const file = {
  name: 'matrikkelen.csv',
  mimeType: 'text/csv',
  // Line 49: the first address again under an unknown municipality and another id.
  buffer: Buffer.from(`${fixture.trimEnd()}\n${first.replace(/^\d+;4204;/, '999999999;9999;')}\n`),
};

test('fast.admin checks and loads an address file; vest.110 finds its street address; the admin rolls back', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await (await browser.newContext()).newPage();
  await admin.setViewportSize({ width: 1440, height: 900 });
  await signInToLanding(admin, 'fast.admin');
  await admin.goto('/admin?fane=referansedata');
  await expect(admin.getByRole('tab', { name: 'Referansedata', selected: true })).toBeVisible();
  const layers = admin.getByRole('table', { name: 'Lag med referansedata' });
  const addresses = layers.getByRole('row').filter({ hasText: 'Adresser (Kartverket, Matrikkelen – Adresse)' });
  // The demo installation's own layer, loaded at the first start.
  await expect(addresses).toContainText('FAST demodata: fiktive adresser fra demoregisteret');
  const before = (await addresses.getByRole('cell').nth(1).textContent()) ?? '';
  const demoVersion = Number(before);
  expect(demoVersion).toBeGreaterThanOrEqual(1);
  await expectNoSeriousViolations(admin);

  // Each layer has its own load: the address layer's.
  const addressLoad = admin.getByRole('region', { name: 'Last inn ny versjon: Adresser (Kartverket, Matrikkelen – Adresse)' });
  await addressLoad.getByLabel('Datafil').setInputFiles(file);
  await addressLoad.getByRole('button', { name: 'Kontroller (prøvekjøring)' }).click();
  const check = admin.getByRole('region', { name: 'Prøvekjøring av matrikkelen.csv' });
  await expect(
    check.getByText(
      /^Ingenting er lastet inn\. Lest: 48\. Ville blitt lastet inn: 47\. Hoppet over med vilje: 0\. Ugyldige: 1\./,
    ),
  ).toBeVisible({
    timeout: 30_000,
  });
  const problems = check.getByRole('table', { name: 'Ugyldige rader (1 av 1)' });
  await expect(problems.getByRole('cell').nth(0)).toHaveText('49');
  await expect(problems.getByRole('cell').last()).toHaveText('Ukjent kommunenummer 9999');
  await expectNoSeriousViolations(admin);
  await admin.screenshot({ path: 'test-results/screenshots/reference-layers-dry-run.png', fullPage: true });

  await addressLoad.getByRole('button', { name: 'Last inn', exact: true }).click();
  const loaded = admin.getByRole('region', { name: 'Innlasting av matrikkelen.csv' });
  // Version numbers are never reused: a retried run's rolled-back load took the next one already.
  const active = loaded.getByText(/^Versjon \d+ er aktiv nå\.$/);
  await expect(active).toBeVisible({ timeout: 30_000 });
  const newVersion = Number((await active.textContent())?.match(/\d+/)?.[0]);
  expect(newVersion).toBeGreaterThan(demoVersion);
  await expect(addresses.getByRole('cell').nth(1)).toHaveText(String(newVersion));
  await expect(addresses).toContainText('Kartverket, Matrikkelen – Adresse (CC BY 4.0)');
  await expect(addresses).toContainText('47');
  await admin.screenshot({ path: 'test-results/screenshots/reference-layers-loaded.png', fullPage: true });

  // ---- 110 Vest finds a street address in Kristiansand, outside its municipalities ----
  // Reduced motion: the results scroll into view at once, not under the radius chips being clicked.
  const operator = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  const operatorHeaders = watchHeaders(operator);
  await signInToLanding(operator, 'vest.110');
  await operator.goto('/hendelse');
  const field = operator.getByRole('combobox', { name: 'Sted eller koordinat' });
  await field.pressSequentially('Tyrihansveien 38', { delay: 20 });
  const option = operator.getByRole('option', { name: /Tyrihansveien 38, 4638 Kristiansand S/ });
  await expect(option).toBeVisible({ timeout: 15_000 });
  await option.click();
  await expect(operator).toHaveURL(/lat=58\.1\d*.*lon=8\.0\d*/);
  await operator.screenshot({ path: 'test-results/screenshots/reference-layers-address-found.png', fullPage: true });

  // ---- Back to the demo layer ----
  await admin.getByRole('button', { name: `Rull tilbake til versjon ${demoVersion}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Rulle tilbake Adresser (Kartverket, Matrikkelen – Adresse)?' });
  await dialog.getByRole('button', { name: 'Rull tilbake' }).click();
  await expect(addresses.getByRole('cell').nth(1)).toHaveText(String(demoVersion));
  await expect(addresses).toContainText('FAST demodata');
  await admin.getByRole('tab', { name: 'Endringslogg' }).click();
  await expect(admin.getByText('Referansedata rullet tilbake').first()).toBeVisible();

  // ---- The demo's vulnerable objects are a layer of their own ----
  await admin.getByRole('tab', { name: 'Referansedata' }).click();
  const vulnerableRow = layers.getByRole('row').filter({ hasText: 'Sårbare objekter (skoler, barnehager, sykehjem, sykehus)' });
  await expect(vulnerableRow).toContainText('FAST demodata: fiktive skoler, barnehager, sykehjem og sykehus');
  await expect(
    admin.getByRole('region', { name: 'Last inn ny versjon: Sårbare objekter (skoler, barnehager, sykehjem, sykehus)' }),
  ).toContainText('GeoJSON med punkter (.geojson) eller CSV (.csv)');

  // ---- 110 Vest: the kindergartens around a Bergen street address, on the list and on the map ----
  const radius = 1000;
  const address = await addressNearKindergarten(operator, operatorHeaders(), radius);
  await operator.setViewportSize({ width: 1440, height: 900 });
  await operator.goto('/hendelse');
  await operator.getByRole('combobox', { name: 'Sted eller koordinat' }).pressSequentially(address.street, { delay: 20 });
  const found = operator
    .getByRole('option')
    .filter({ hasText: `${address.street}, ${address.postalCode}` })
    .first();
  await expect(found).toBeVisible({ timeout: 15_000 });
  await found.click();
  await expect(operator).toHaveURL(/lat=.*lon=/);
  // The answer is there (and the results brought into view) before the radius changes.
  await expect(operator.getByTestId('incident-announcement')).not.toBeEmpty({ timeout: 20_000 });
  // The chip is checked once the URL's new radius renders (a router transition), not at the click.
  const oneKm = operator.getByRole('radio', { name: '1 km' });
  await oneKm.click();
  await expect(oneKm).toBeChecked();
  await expect(operator).toHaveURL(/r=1000/);
  const point = new URL(operator.url()).searchParams;
  const expected = await within(operator, operatorHeaders(), Number(point.get('lat')), Number(point.get('lon')), radius);
  const kindergartens = expected.totals.find((total) => total.kind === 'kindergarten');
  expect(kindergartens?.count ?? 0).toBeGreaterThan(0);

  const section = operator.getByTestId('vulnerable-within');
  await expect(section.getByRole('heading', { level: 2, name: 'Sårbare objekter innenfor 1 km' })).toBeVisible();
  const summary = section.getByTestId('vulnerable-summary');
  const count = kindergartens?.count ?? 0;
  const children =
    kindergartens && kindergartens.capacityKnown > 0
      ? ` \\(${kindergartens.capacityKnown < count ? 'minst ' : ''}${digits(kindergartens.capacity)} barn\\)`
      : '';
  await expect(summary).toHaveText(new RegExp(`^Innenfor 1 km: ${count} barnehager?${children}(, |$)`), {
    timeout: 20_000,
  });
  // The list, nearest first, as the API has them; the kindergartens among them.
  const items = section.getByTestId('vulnerable-list').getByRole('listitem');
  await expect(items).toHaveCount(Math.min(5, expected.objects.length));
  await expect(items.first()).toContainText(expected.objects[0]?.name ?? '');
  await expect(section.locator('li[data-kind="kindergarten"]').first()).toContainText('Barnehage');
  // On the map, with their own symbols and legend.
  await expect(operator.getByTestId('incident-map')).toHaveAttribute('data-vulnerable', String(expected.objects.length), {
    timeout: 20_000,
  });
  await expect(operator.getByTestId('incident-map')).toHaveAttribute('data-incident', 'drawn');
  await expect(operator.getByRole('switch', { name: 'Sårbare objekter på kartet' })).toBeChecked();
  await expect(operator.getByTestId('vulnerable-legend')).toContainText('Barnehage');
  await expectNoSeriousViolations(operator);
  await operator.screenshot({ path: 'test-results/screenshots/vulnerable-objects-incident-1440.png', fullPage: true });
  await operator.getByTestId('incident-map').screenshot({ path: 'test-results/screenshots/vulnerable-objects-incident-map.png' });
  await operator.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await expectNoSeriousViolations(operator);
  await operator.screenshot({ path: 'test-results/screenshots/vulnerable-objects-incident-390.png', fullPage: true });
});
