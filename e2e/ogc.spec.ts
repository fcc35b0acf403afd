import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { apiHeaders, expect, signInToLanding, test } from './fixtures/session.ts';

/**
 * The OGC feed's HTML pages (issue 38), as a person following its links reads them: signed in as
 * oslo.brann, the page's own token and organisation sent with every request of a second page
 * (a map system or a header extension does the same), through landing, collections, items and
 * one facility. Screenshots for docs/ogc-api.md.
 */
test('the OGC API – Features pages in a browser', async ({ page, browser, baseURL }) => {
  await signInToLanding(page, 'oslo.brann');
  const headers = await apiHeaders(page);
  expect(headers.authorization).not.toBe('Bearer ');
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: headers,
    locale: 'nb-NO',
    viewport: { width: 1280, height: 900 },
  });
  const feed = await context.newPage();
  const shot = (name: string) =>
    feed.screenshot({ path: `test-results/screenshots/ogc-${name}.png`, fullPage: name !== 'items' });

  await feed.goto('/ogc');
  await expect(feed.getByRole('heading', { level: 1, name: 'FAST – anlegg med farlige stoffer' })).toBeVisible();
  await expectNoSeriousViolations(feed);
  await shot('landing');

  await feed.getByRole('link', { name: 'Samlingene' }).click();
  await expect(feed.getByRole('heading', { level: 1, name: 'Samlinger' })).toBeVisible();
  await shot('collections');

  await feed.getByRole('link', { name: 'Anlegg', exact: true }).click();
  await expect(feed.getByRole('heading', { level: 1, name: 'Anlegg' })).toBeVisible();
  await shot('collection');

  await feed.goto('/ogc/collections/facilities/items?limit=25&f=html');
  await expect(feed.getByRole('heading', { level: 1, name: 'Anlegg: objekter' })).toBeVisible();
  await expect(feed.getByText(/^Viser 25 av \d+ objekter\./)).toBeVisible();
  await expectNoSeriousViolations(feed);
  await shot('items');

  // The first row's facility, on its own page: the same municipality, the major-accident value in words.
  const first = feed.getByRole('row').nth(1);
  const municipality = (await first.getByRole('cell').nth(2).innerText()).match(/\((\d{4})\)$/)?.[1] ?? '';
  expect(municipality).toMatch(/^\d{4}$/);
  await first.getByRole('link').first().click();
  await expect(feed.getByText('Kommunenummer')).toBeVisible();
  await expect(feed.getByText(municipality, { exact: true })).toBeVisible();
  await expect(feed.getByText(/^(Ikke omfattet|Meldepliktig etter § 6|Sikkerhetsrapportpliktig etter § 9)$/)).toBeVisible();
  await expectNoSeriousViolations(feed);
  await shot('item');

  // Without the token the feed answers 401 with the error body, not a page.
  const anonymous = await browser.newContext({ baseURL });
  const refused = await anonymous.request.get('/ogc/collections/facilities/items');
  expect(refused.status()).toBe(401);
  await anonymous.close();
  await context.close();
});
