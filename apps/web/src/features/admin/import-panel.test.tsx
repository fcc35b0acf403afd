import type { AdminImportReport } from '@fast/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithApp } from '../../test/render.tsx';
import { ImportPanel } from './import-panel.tsx';

const REPORT: AdminImportReport = {
  read: 2,
  written: 1,
  unchanged: 0,
  invalid: 1,
  warnings: 0,
  invalidRecords: [{ line: 3, id: 990_002, reasons: [{ code: 'unknownMunicipality', params: { value: '9999' } }] }],
  warningRecords: [],
  dryRun: true,
  strict: false,
  aborted: false,
  durationMs: 12,
};

describe('the register import tab', () => {
  it('tries a register file as NDJSON and lists the invalid record by line and id', async () => {
    const api = fakeApi({ 'POST /api/v1/admin/imports': REPORT });
    const { container } = renderWithApp(<ImportPanel />);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    fireEvent.change(input as HTMLInputElement, { target: { files: [new File(['{}\n'], 'anlegg.ndjson')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Prøvekjør' }));
    const report = await screen.findByRole('region', { name: 'Prøvekjøring av anlegg.ndjson' });
    const problems = within(report).getByRole('table', { name: 'Ugyldige poster (1 av 1)' });
    expect(
      within(problems)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '990002', 'Ukjent kommune 9999']);
    const [sent] = api.requests;
    expect(sent?.route).toBe('POST /api/v1/admin/imports?dryRun=true&strict=false');
    expect(sent?.headers.get('Content-Type')).toBe('application/x-ndjson');
  });
});
