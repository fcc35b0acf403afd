import { facilityRecord } from '../apps/server/test/facility-factory.ts';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { expect, signInToLanding, test } from './fixtures/session.ts';

/**
 * The console's import tab (issue 20): fast.admin uploads a register file to the running server,
 * tries it first (the report names the invalid record's line, nothing is written), then imports
 * it. The facility lies in Alta, where no demo user has access, so no other journey sees it.
 */

const FACILITY_ID = 990_001;
const valid = facilityRecord(FACILITY_ID, {
  name: 'Importtest Alta',
  address: { street: 'Bjørn Wirkolas vei 1', postalCode: '9510', postalPlace: 'Alta', municipalityId: '5601' },
  position: { longitude: 23.2717, latitude: 69.9689 },
});
const invalid = { ...valid, id: FACILITY_ID + 1, address: { ...valid.address, municipalityId: '9999' } };
// Line 1 valid, line 2 blank, line 3 invalid.
const file = {
  name: 'anlegg.ndjson',
  mimeType: 'application/x-ndjson',
  buffer: Buffer.from(`${JSON.stringify(valid)}\n\n${JSON.stringify(invalid)}\n`),
};

test('fast.admin tries a register file, reads the report by line, then imports it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToLanding(page, 'fast.admin');
  await page.goto('/admin?fane=importer');
  await expect(page.getByRole('tab', { name: 'Importer anlegg', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Importer anlegg' })).toBeVisible();
  const dryRun = page.getByRole('button', { name: 'Prøvekjør' });
  await expect(dryRun).toBeDisabled();
  await expectNoSeriousViolations(page);

  // Designsystemet's file upload, in Norwegian with a help text; no repository path, and not the
  // browser's own "Choose File" button.
  await expect(page.getByText('docs/import.md')).toHaveCount(0);
  const upload = page.getByLabel('Registerfil');
  await expect(upload).toHaveCSS('opacity', '0');
  await expect(page.getByText('Dra filen hit, eller')).toBeVisible();
  await expect(page.getByText('Velg fil', { exact: true })).toBeVisible();
  await expect(page.getByText(/^NDJSON \(én post per linje\) eller GeoJSON, høyst \d+ MB\.$/)).toBeVisible();
  await expect(page.getByText('Ingen fil er valgt.')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-import-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screenshots/admin-import-390.png', fullPage: true });
  await expectNoSeriousViolations(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  await upload.setInputFiles(file);
  await expect(page.getByText(/^Valgt fil: anlegg\.ndjson \(\d+(,\d+)?\skB\)$/)).toBeVisible();
  await dryRun.click();
  const report = page.getByRole('region', { name: 'Prøvekjøring av anlegg.ndjson' });
  await expect(report.getByText(/Ingenting er skrevet\. Lest: 2\. Ville blitt skrevet: 1\. .* Ugyldige: 1\./)).toBeVisible();
  const problems = report.getByRole('table', { name: 'Ugyldige poster (1 av 1)' });
  await expect(problems.getByRole('row')).toHaveCount(2);
  await expect(problems.getByRole('cell').nth(0)).toHaveText('3');
  await expect(problems.getByRole('cell').nth(1)).toHaveText(String(FACILITY_ID + 1));
  // The reason comes as a code and is worded in Bokmål here.
  await expect(problems.getByRole('cell').nth(2)).toHaveText('Ukjent kommune 9999');
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: 'test-results/screenshots/admin-import-dry-run.png', fullPage: true });

  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  const written = page.getByRole('region', { name: 'Import av anlegg.ndjson' });
  await expect(written.getByText(/^Lest: 2\. Skrevet: 1\. Uendret: 0\. Ugyldige \(ikke skrevet\): 1\./)).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: 'test-results/screenshots/admin-import-done.png', fullPage: true });

  // The same file again: the facility is as the file says, so nothing is written.
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(page.getByText(/^Lest: 2\. Skrevet: 0\. Uendret: 1\./)).toBeVisible();

  // On the trail of the administrators' own actions.
  await page.getByRole('tab', { name: 'Endringslogg' }).click();
  await expect(page.getByText('Anleggsregister importert').first()).toBeVisible();
});
