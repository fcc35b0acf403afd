import type { SearchResponse } from '@fast/contracts';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { expect, signIn, signInToLanding, termsDialog, test } from './fixtures/session.ts';

/** axe-core on the shell's screens and dialogs (issue 3, done-when 2): no serious or critical violation. */

test('the terms dialog', async ({ page }) => {
  // fast.admin is used by no other spec: the terms are still to be accepted.
  await signIn(page, 'fast.admin');
  await expect(termsDialog(page)).toBeVisible();
  await expect(termsDialog(page).getByText('Brukervilkår for FAST')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('landing, its help dialog, select organisation and not found', async ({ page }) => {
  await signInToLanding(page, 'oslo.brann');
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Hjelp' }).click();
  await expect(page.getByRole('dialog', { name: 'Om FAST' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Om FAST' })).toBeHidden();

  await page.getByRole('button', { name: /Brukermeny/ }).click();
  await expect(page.getByRole('button', { name: 'Bytt virksomhet' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Bytt virksomhet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Velg virksomhet' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/finnes-ikke');
  await expect(page.getByRole('heading', { level: 1, name: 'Fant ikke denne siden' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('landing in Nynorsk, on a narrow screen, with the language menu open', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInToLanding(page, 'oslo.brann');
  await page.getByRole('button', { name: 'Språk: Bokmål' }).click();
  await page.getByRole('button', { name: 'Nynorsk' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Velkomen til FAST' })).toBeVisible();
  await page.getByRole('button', { name: 'Språk: Nynorsk' }).click();
  await expect(page.getByRole('button', { name: 'Bokmål' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

/** The API as the signed-in page calls it: its token and organisation, from the page's own storage. */
async function apiHeaders(page: Page): Promise<Record<string, string>> {
  const { token, organisation } = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
    const user = key ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }) : {};
    return { token: user.access_token ?? '', organisation: localStorage.getItem('organization') ?? '' };
  });
  return { authorization: `Bearer ${token}`, 'fast-org-number': organisation };
}

/**
 * Issue 19: every route, at 390 px and 1440 px, in Bokmål and Nynorsk, with every axe rule. The
 * search route is opened with a query so that its results (a table, or cards on a phone) are there.
 */
const ROUTES: { path: string; shows: RegExp }[] = [
  { path: '/', shows: /^Velkom(m)?en til FAST$/ },
  { path: '/search?q=propan', shows: /\d+ anlegg$/ },
  { path: '/access', shows: /^(Mine tilganger|Tilgangane mine)$/ },
  { path: '/selectorganization/', shows: /^(Velg virksomhet|Vel verksemd)$/ },
  { path: '/404', shows: /^(Fant ikke denne siden|Fann ikkje denne sida)$/ },
  {
    path: '/anlegg/abc',
    shows: /^Anleggs-ID må (være et positivt heltall, for eksempel|vere eit positivt heiltal, til dømes) 1234\.$/,
  },
  { path: '/kart', shows: /^Kartvis/ },
];

for (const language of ['nb', 'nn'] as const) {
  for (const width of [390, 1440]) {
    test(`every screen in ${language} at ${width} px, with every axe rule`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: width < 600 ? 844 : 1000 });
      await signInToLanding(page, 'oslo.brann');
      if (language === 'nn') {
        await page.getByRole('button', { name: 'Språk: Bokmål' }).click();
        await page.getByRole('button', { name: 'Nynorsk' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Velkomen til FAST' })).toBeVisible();
      }
      const search = await page.request.post('/api/v1/facilities/search', {
        headers: await apiHeaders(page),
        data: {
          query: 'propan',
          facilityObjects: [],
          counties: [],
          substanceGroups: [],
          majorAccidentRelations: [],
          hitsToSkip: 0,
          hitsToReturn: 1,
        },
      });
      const [hit] = ((await search.json()) as SearchResponse).hits;
      if (!hit) throw new Error('the demo register has no propane facility for oslo.brann');
      for (const route of [...ROUTES, { path: `/anlegg/${hit.id}`, shows: /^(Informasjon)$/ }]) {
        await page.goto(route.path);
        await expect(page.getByText(route.shows).first()).toBeVisible();
        await expectNoSeriousViolations(page);
      }
    });
  }
}
