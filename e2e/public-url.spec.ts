import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { acceptTermsIfAsked, chooseOrganisation, DEMO_PASSWORD, expect, test } from './fixtures/session.ts';

/**
 * The app opened at another address than PUBLIC_URL's (issue 18): the Playwright server's
 * PUBLIC_URL is http://localhost:PORT, and a user types http://127.0.0.1:PORT. The page is sent
 * to the public address, where sign-in works (before, it failed with "Kunne ikke logge inn! …
 * Failed to fetch": the identity provider's discovery answered only its own origin).
 */
test('opening the app at 127.0.0.1 sends the browser to PUBLIC_URL, where the user signs in', async ({ page, baseURL }) => {
  const publicUrl = new URL(baseURL ?? '');
  const other = new URL(publicUrl);
  other.hostname = '127.0.0.1';

  await page.goto(`${other.origin}/`);
  await expect(page.getByLabel('Brukernavn')).toBeVisible();
  expect(new URL(page.url()).hostname).toBe(publicUrl.hostname);
  await page.getByLabel('Brukernavn').fill('vest.110');
  await page.getByLabel('Passord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/idp') && !url.pathname.startsWith('/auth/callback'));

  await acceptTermsIfAsked(page);
  const select = page.getByRole('heading', { level: 1, name: 'Velg virksomhet' });
  const landing = page.getByRole('heading', { level: 1, name: 'Velkommen til FAST' });
  await expect(select.or(landing)).toBeVisible();
  if (await select.isVisible()) await chooseOrganisation(page);
  await expect(landing).toBeVisible();
  expect(new URL(page.url()).origin).toBe(publicUrl.origin);
  await expect(page.getByText('Kunne ikke logge inn')).toHaveCount(0);
  await expectNoSeriousViolations(page);
});
