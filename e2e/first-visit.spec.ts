import { chooseOrganisation, expect, returnFromSignOut, signIn, termsDialog, test } from './fixtures/session.ts';

/**
 * A user's first visit: the terms dialog shows until accepted, and accepting is stored for the
 * whole run. This file runs before all other specs (playwright.config.ts, project "first-visit"),
 * so that oslo.brann and vest.110 have not accepted the terms yet when it runs.
 */

const landingHeading = (page: import('@playwright/test').Page) =>
  page.getByRole('heading', { level: 1, name: 'Velkommen til FAST' });

test('oslo.brann signs in, accepts the terms, chooses the organisation and reaches landing with its four cards (the fourth, the incident lookup, since issue 15)', async ({
  page,
}) => {
  await signIn(page, 'oslo.brann');

  // The shell rule: signed in but terms not accepted → the persistent terms dialog, nothing routed behind it.
  const dialog = termsDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Brukervilkår for FAST')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Lukk dialogvinduet' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Samtykk' }).click();
  await expect(dialog).toBeHidden();

  // No organisation stored yet: the guard sends to select organisation.
  await expect(page).toHaveURL(/\/selectorganization\/$/);
  await expect(page).toHaveTitle('FAST - velg virksomhet');
  // Choosing the organisation fetches ahead what the screens need (specification section 4).
  const fetchedAhead = [
    'GET /api/v1/facilities/search/criteria',
    'GET /api/v1/counties',
    'GET /api/v1/map/gaspipes',
    'POST /api/v1/map/facilities',
    'GET /api/v1/municipality-access',
  ].map((call) => {
    const [method, path] = call.split(' ');
    return page.waitForResponse(
      (response) =>
        response.request().method() === method && new URL(response.url()).pathname === path && response.status() === 200,
    );
  });
  await chooseOrganisation(page, 'Oslo brann- og redningsetat');
  await Promise.all(fetchedAhead);

  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('FAST - anlegg og kart');
  await expect(landingHeading(page)).toBeVisible();
  const cards = page.getByRole('main').getByRole('listitem').getByRole('link');
  await expect(cards).toHaveText(['Vis anlegg', 'Kartvisning av anlegg', 'Mine tilganger', 'Hendelse: hva finnes i nærheten?']);
  await expect(page.getByText('Du har ikke tilgang til noen data')).toHaveCount(0);

  // Header: full name and organisation on a wide screen; the footer's grouped digits.
  const userMenu = page.getByRole('button', { name: 'Kari Nordmann Oslo brann- og redningsetat Brukermeny' });
  await expect(userMenu).toContainText('Oslo brann- og redningsetat');
  await expect(page.getByRole('contentinfo')).toContainText('33 41 25 00');
  await expect(page.getByRole('contentinfo')).toContainText(/\d{3} \d{3} \d{3}/);

  // The stored organisation is reused on the next visit: no select page.
  await page.reload();
  await expect(landingHeading(page)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // "Bytt virksomhet" goes back to the choice.
  await userMenu.click();
  await page.getByRole('button', { name: 'Bytt virksomhet' }).click();
  await expect(page).toHaveURL(/\/selectorganization\/$/);
  await expect(page.getByRole('radio', { name: 'Oslo brann- og redningsetat' })).toBeChecked();
});

test('declining the terms signs the user out', async ({ page }) => {
  await signIn(page, 'vest.110');
  const dialog = termsDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Avslå' }).click();
  await returnFromSignOut(page);

  await expect(page.getByRole('heading', { name: 'Du er ikke logget inn' })).toBeVisible();
  await expect(page.getByText('Du er nå logget ut av FAST.')).toBeVisible();
  await expect(termsDialog(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Brukermeny/ })).toHaveCount(0);

  // Signing in again asks for the password: the session at the provider is gone too.
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page.getByLabel('Brukernavn')).toBeVisible();
});
