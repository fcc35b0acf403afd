import { Alert, Heading, Paragraph } from '@digdir/designsystemet-react';
import type { ReferenceLayerImportReport, ReferenceRowProblem } from '@fast/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/number-format.ts';
import classes from './admin.module.css';
import { ProblemTable } from './problem-table.tsx';
// Every text of the tab is under `admin.referenceLayers`, which comes with this screen.
import './reference-layers-texts.ts';

/** What a layer file's dry run or load found: the counts, the version it made active, the first refused rows by line. */
export function ReferenceLayerReport({ report, fileName }: { report: ReferenceLayerImportReport; fileName: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const counts = {
    read: formatNumber(report.read),
    loaded: formatNumber(report.loaded),
    skipped: formatNumber(report.skipped),
    invalid: formatNumber(report.invalid),
  };
  const reasonText = (r: ReferenceRowProblem['reasons'][number]) => t(`admin.referenceLayers.reason.${r.code}`, r.params);
  return (
    <section className={classes.panel} aria-labelledby={headingId}>
      <Heading level={4} data-size="2xs" id={headingId}>
        {t(report.dryRun ? 'admin.referenceLayers.dryRunReport' : 'admin.referenceLayers.report', { file: fileName })}
      </Heading>
      <Alert data-color={report.invalid > 0 ? 'warning' : 'success'}>
        <Paragraph>{t(report.dryRun ? 'admin.referenceLayers.dryRunCounts' : 'admin.referenceLayers.counts', counts)}</Paragraph>
        {report.version && <Paragraph>{t('admin.referenceLayers.activated', { version: report.version.version })}</Paragraph>}
      </Alert>
      <ProblemTable
        caption={t('admin.referenceLayers.invalidCaption', {
          shown: formatNumber(report.invalidRows.length),
          total: counts.invalid,
        })}
        problems={report.invalidRows}
        reasonText={reasonText}
      />
    </section>
  );
}
