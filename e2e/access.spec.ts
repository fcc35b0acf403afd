import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { acceptTermsIfAsked, expect, signInToLanding, termsDialog, test } from './fixtures/session.ts';

/**
 * Access, both sides (issue 8, done-when 2): oslo.brann asks for Asker and Lillestrøm on
 * /access; fast.admin approves Asker and denies Lillestrøm with a reason on /admin; oslo.brann
 * sees the answer, and Asker's facilities in search (the screen) and map (the API, with the
 * page's own token: the map screen is not built yet). Then a new terms version makes oslo.brann
 * accept again. Two browser contexts: the user keeps their session while the authority decides.
 *
 * This journey leaves Asker active and Lillestrøm denied for oslo.brann, and terms version 2
 * published (every later spec's signInToLanding accepts it when asked).
 */

const ASKER = '3203';
const DENY_REASON = 'Lillestrøm dekkes av Nedre Romerike brann- og redningsvesen.\nTa kontakt med dem.';

/** The page's own session: the access token oidc-client-ts keeps in sessionStorage, and the chosen organisation. */
async function apiToken(page: Page): Promise<{ authorization: string; 'fast-org-number': string }> {
  const { token, organisation } = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
    const user = key ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }) : {};
    return { token: user.access_token ?? '', organisation: localStorage.getItem('organization') ?? '' };
  });
  expect(token).not.toBe('');
  return { authorization: `Bearer ${token}`, 'fast-org-number': organisation };
}

/** Hits for Asker through the search API, as the page's own session asks. */
async function askerHits(page: Page): Promise<number> {
  const headers = await apiToken(page);
  const response = await page.request.post('/api/v1/facilities/search', {
    headers,
    data: {
      query: '',
      facilityObjects: [],
      counties: [{ id: '32', municipalityCodes: [ASKER] }],
      substanceGroups: [],
      majorAccidentRelations: [],
      hitsToSkip: 0,
      hitsToReturn: 10,
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { totalHits: number }).totalHits;
}

async function mapFacilityCount(page: Page): Promise<number> {
  const headers = await apiToken(page);
  let count = 0;
  let cursor: Record<string, unknown> = {};
  for (;;) {
    const response = await page.request.post('/api/v1/map/facilities', { headers, data: { pageSize: 10_000, ...cursor } });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as {
      facilities: unknown[];
      hasMoreResults: boolean;
      pitId: string;
      continueFrom: unknown;
    };
    count += body.facilities.length;
    if (!body.hasMoreResults) return count;
    cursor = { pitId: body.pitId, continueFrom: body.continueFrom };
  }
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
}

const section = (page: Page, name: RegExp) => page.getByRole('region', { name });

test('oslo.brann requests Asker and Lillestrøm; fast.admin approves one and denies the other; new terms must be accepted', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await signInToLanding(user, 'oslo.brann', 'Oslo brann- og redningsetat');

  // Asker is outside the scope: no facilities in search.
  expect(await askerHits(user)).toBe(0);
  const mapBefore = await mapFacilityCount(user);

  // ---- The user's access page ----
  await user.goto('/access');
  await expect(user).toHaveTitle('FAST - tilganger');
  await expect(user.getByRole('heading', { level: 1, name: 'Mine tilganger' })).toBeVisible();
  await expect(section(user, /Aktive tilganger/).getByText('Oslo', { exact: true })).toBeVisible();
  await expect(section(user, /Venter på godkjenning/).getByText('Bærum', { exact: true })).toBeVisible();
  // Active and pending municipalities cannot be asked for again.
  const filterBox = user.getByLabel('Finn kommune');
  await filterBox.fill('Bærum');
  await expect(user.getByText('Ingen kommuner passer med «Bærum».')).toBeVisible();

  await filterBox.fill('asker');
  await expect(user).toHaveURL(/kommune=asker/);
  await user.getByRole('checkbox', { name: 'Asker' }).check();
  await filterBox.fill('Lillestrøm');
  await user.getByRole('checkbox', { name: 'Lillestrøm' }).check();
  await expect(user.getByText('Valgte kommuner: 2')).toBeVisible();
  // "Velg alle" takes what the filter shows; "Nullstill valg" empties the selection.
  await filterBox.fill('Nordre Follo');
  await user.getByRole('button', { name: 'Velg alle' }).click();
  await expect(user.getByText('Valgte kommuner: 3')).toBeVisible();
  await user.getByRole('button', { name: 'Nullstill valg' }).click();
  await expect(user.getByText('Valgte kommuner: 0')).toBeVisible();
  await filterBox.fill('');
  await user.getByRole('button', { name: 'Be om tilgang' }).click();
  await expect(user.getByText('Velg minst én kommune før du ber om tilgang.')).toBeVisible();

  await filterBox.fill('Asker');
  await user.getByRole('checkbox', { name: 'Asker' }).check();
  await filterBox.fill('Lillestrøm');
  await user.getByRole('checkbox', { name: 'Lillestrøm' }).check();
  await user.getByRole('button', { name: 'Be om tilgang' }).click();
  await expect(user.getByText('Forespørselen er sendt for Asker, Lillestrøm.')).toBeVisible();
  const pending = section(user, /Venter på godkjenning/);
  await expect(pending.getByRole('listitem')).toHaveCount(3);
  await expect(pending).toContainText('Asker');
  await expect(pending).toContainText('Lillestrøm');
  // The filter found what was just requested: it is emptied, and what is left to request shows.
  await expect(filterBox).toHaveValue('');
  await expect(user).not.toHaveURL(/kommune=/);
  await expect(user.getByText(/Ingen kommuner passer/)).toHaveCount(0);
  await expect(user.locator('summary', { hasText: /^Agder$/ })).toBeVisible();
  await expectNoSeriousViolations(user);
  await shoot(user, 'access-requested');
  await user.setViewportSize({ width: 1280, height: 900 });

  // ---- The authority's console ----
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInToLanding(admin, 'fast.admin');
  await admin.getByRole('button', { name: /Brukermeny/ }).click();
  await admin.getByRole('button', { name: 'Administrasjon' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await expect(admin).toHaveTitle('FAST - administrasjon');
  const requests = admin.getByRole('table', { name: 'Forespørsler som venter' });
  await expect(requests.getByRole('row')).toHaveCount(4);
  await expectNoSeriousViolations(admin);
  await shoot(admin, 'admin-requests');
  await admin.setViewportSize({ width: 1280, height: 900 });

  // The organisation filter lives in the URL.
  await admin.getByLabel('Virksomhet').selectOption({ label: 'Oslo brann- og redningsetat' });
  await expect(admin).toHaveURL(/virksomhet=910000047/);

  await admin.getByRole('button', { name: 'Godkjenn: Asker, Kari Nordmann' }).click();
  await expect(admin.getByText(/Godkjent: Asker/)).toBeVisible();
  await expect(requests.getByRole('row')).toHaveCount(3);

  await admin.getByRole('button', { name: 'Avslå: Lillestrøm, Kari Nordmann' }).click();
  const denyDialog = admin.getByRole('dialog', { name: 'Avslå forespørsel' });
  await expect(denyDialog).toBeVisible();
  await denyDialog.getByRole('button', { name: 'Avslå' }).click();
  await expect(denyDialog.getByText('Skriv en begrunnelse.')).toBeVisible();
  await denyDialog.getByLabel('Begrunnelse').fill(DENY_REASON);
  await expectNoSeriousViolations(admin);
  await denyDialog.getByRole('button', { name: 'Avslå' }).click();
  await expect(denyDialog).toBeHidden();
  await expect(admin.getByText(/Avslått: Lillestrøm/)).toBeVisible();
  await expect(requests.getByRole('row')).toHaveCount(2);

  await admin.getByRole('tab', { name: 'Tilganger' }).click();
  await expect(admin).toHaveURL(/fane=tilganger/);
  await expect(admin.getByRole('table', { name: 'Aktive tilganger' })).toContainText('Asker');
  await admin.getByRole('tab', { name: 'Endringslogg' }).click();
  await expect(admin.getByRole('table', { name: 'Endringslogg' })).toContainText('Tilgang avslått');
  await expectNoSeriousViolations(admin);

  // ---- The user sees the decisions without signing in again ----
  await user.reload();
  await expect(section(user, /Aktive tilganger/)).toContainText('Asker');
  const rejected = section(user, /Avslått eller trukket tilbake/);
  await expect(rejected).toContainText('Lillestrøm');
  await expect(rejected).toContainText('Lillestrøm dekkes av Nedre Romerike brann- og redningsvesen.');
  await expect(section(user, /Venter på godkjenning/).getByRole('listitem')).toHaveCount(1);
  await expectNoSeriousViolations(user);
  await shoot(user, 'access-decided');
  await user.setViewportSize({ width: 1280, height: 900 });

  // Asker's facilities in search, and more facilities on the map (the same session).
  const hits = await askerHits(user);
  expect(hits).toBeGreaterThan(0);
  await user.goto(`/search?q=&area=32:${ASKER}`);
  await expect(user.getByText(`${hits} anlegg`).first()).toBeVisible();
  const results = user.getByRole('table').first();
  await expect(results.getByRole('row').nth(1)).toContainText('Asker');
  const mapAfter = await mapFacilityCount(user);
  expect(mapAfter).toBeGreaterThan(mapBefore);

  // ---- A status message reaches the user's banner ----
  await admin.getByRole('tab', { name: 'Driftsmeldinger' }).click();
  await admin.getByLabel('Type', { exact: true }).selectOption({ label: 'Advarsel' });
  await admin.getByLabel('Melding', { exact: true }).fill('Vedlikehold i kveld.\nKartet kan være tregt.');
  // A double click saves one message, not two.
  await admin.getByRole('button', { name: 'Opprett' }).dblclick();
  await expect(admin.getByText('Driftsmeldingen er opprettet.')).toBeVisible();
  await expect(admin.getByRole('listitem').filter({ hasText: 'Vedlikehold i kveld.' })).toContainText('Vises nå');
  await expect(admin.getByRole('listitem').filter({ hasText: 'Vedlikehold i kveld.' })).toHaveCount(1);
  await expectNoSeriousViolations(admin);
  await shoot(admin, 'admin-status-messages');
  await admin.setViewportSize({ width: 1280, height: 900 });
  await user.reload();
  await expect(user.getByText('Vedlikehold i kveld.')).toBeVisible();
  // Ended again, so that the specs after this one see the banner as it was.
  await admin.getByRole('listitem').filter({ hasText: 'Vedlikehold i kveld.' }).getByRole('button', { name: 'Avslutt' }).click();
  await expect(admin.getByText('Driftsmeldingen er avsluttet.')).toBeVisible();
  await expect(admin.getByRole('listitem').filter({ hasText: 'Vedlikehold i kveld.' })).toContainText('Avsluttet');
  await user.reload();
  // The banner has loaded (the demo message is there) and the ended message is not.
  await expect(user.getByText('Dette er en demonstrasjonsversjon av FAST.')).toBeVisible();
  await expect(user.getByText('Vedlikehold i kveld.')).toHaveCount(0);

  // ---- A new terms version makes oslo.brann accept again ----
  await admin.getByRole('tab', { name: 'Brukervilkår' }).click();
  const nbText = admin.getByLabel('Tekst på bokmål');
  await nbText.fill(`${await nbText.inputValue()}\n\nEndret i testen: ny versjon.`);
  await admin.getByRole('button', { name: 'Publiser versjon 2' }).click();
  await expectNoSeriousViolations(admin);
  await shoot(admin, 'admin-terms');
  await admin.setViewportSize({ width: 1280, height: 900 });
  await admin.getByRole('button', { name: 'Publiser', exact: true }).click();
  await expect(admin.getByText('Versjon 2 er publisert.')).toBeVisible();
  // The administrator is asked too.
  await expect(termsDialog(admin)).toBeVisible();
  await termsDialog(admin).getByRole('button', { name: 'Samtykk' }).click();
  await expect(admin.getByText(/Gjeldende versjon: 2/)).toBeVisible();

  await user.goto('/access');
  const dialog = termsDialog(user);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Endret i testen: ny versjon.');
  await dialog.getByRole('button', { name: 'Samtykk' }).click();
  await expect(dialog).toBeHidden();
  await acceptTermsIfAsked(user);
  await expect(section(user, /Aktive tilganger/)).toContainText('Asker');

  await adminContext.close();
  await userContext.close();
});
