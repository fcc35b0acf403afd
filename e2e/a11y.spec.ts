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
