import { expect, signInToLanding, test } from './fixtures/session.ts';

/** Screenshots of landing and select organisation at 375 and 1440 px (issue 3, done-when 3), saved under test-results/screenshots. */

for (const width of [375, 1440]) {
  test(`landing and select organisation at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
    await signInToLanding(page, 'oslo.brann');
    await expect(page.getByRole('contentinfo')).toContainText('33 41 25 00');
    await page.screenshot({ path: `test-results/screenshots/landing-${width}.png`, fullPage: true });

    await page.goto('/selectorganization/');
    await expect(page.getByRole('radio').first()).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/select-organisation-${width}.png`, fullPage: true });
  });
}
