import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { expect, signInToLanding, test } from './fixtures/session.ts';

/**
 * The console's reference data (issue 37): fast.admin checks Kartverket's address file (47
 * addresses in Kristiansand as Kartverket writes them, plus a row with an unknown municipality),
 * reads the report by line, loads it as a new version of the address layer; vest.110 then finds
 * one of its street addresses on the incident screen, outside its own municipalities (addresses
 * are public). The administrator rolls back at the end, so the demo layer is active again for
 * every other journey.
 */

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

  await admin.getByLabel('Datafil').setInputFiles(file);
  await admin.getByRole('button', { name: 'Kontroller (prøvekjøring)' }).click();
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

  await admin.getByRole('button', { name: 'Last inn', exact: true }).click();
  const loaded = admin.getByRole('region', { name: 'Innlasting av matrikkelen.csv' });
  await expect(loaded.getByText(`Versjon ${demoVersion + 1} er aktiv nå.`)).toBeVisible({ timeout: 30_000 });
  await expect(addresses.getByRole('cell').nth(1)).toHaveText(String(demoVersion + 1));
  await expect(addresses).toContainText('Kartverket, Matrikkelen – Adresse (CC BY 4.0)');
  await expect(addresses).toContainText('47');
  await admin.screenshot({ path: 'test-results/screenshots/reference-layers-loaded.png', fullPage: true });

  // ---- 110 Vest finds a street address in Kristiansand, outside its municipalities ----
  const operator = await (await browser.newContext()).newPage();
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
});
