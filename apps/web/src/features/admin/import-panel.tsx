import { Alert, Button, Checkbox, Heading, Paragraph } from '@digdir/designsystemet-react';
import { type AdminImportProblem, type AdminImportReport, IMPORT_MAX_BYTES } from '@fast/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../shell/toasts/report-error.ts';
import classes from './admin.module.css';
import { uploadRegister } from './admin-api.ts';
import { FileChoice, megabytes, UploadStatus, useUpload } from './file-upload.tsx';
import { ProblemTable } from './problem-table.tsx';

function Report({ report, fileName }: { report: AdminImportReport; fileName: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { read, written, unchanged, invalid, warnings } = report;
  const counts = { read, written, unchanged, invalid, warnings };
  const color = report.invalid > 0 ? 'warning' : 'success';
  const reasonText = (r: AdminImportProblem['reasons'][number]) => t(`admin.import.reason.${r.code}`, r.params);
  return (
    <section className={classes.panel} aria-labelledby={headingId}>
      <Heading level={3} data-size="xs" id={headingId}>
        {t(report.dryRun ? 'admin.import.dryRunReport' : 'admin.import.report', { file: fileName })}
      </Heading>
      <Alert data-color={color}>
        <Paragraph>{t(report.dryRun ? 'admin.import.dryRunCounts' : 'admin.import.counts', counts)}</Paragraph>
        {report.aborted && <Paragraph>{t('admin.import.aborted')}</Paragraph>}
      </Alert>
      <ProblemTable
        caption={t('admin.import.invalidCaption', { shown: report.invalidRecords.length, count: report.invalid })}
        problems={report.invalidRecords}
        withId
        reasonText={reasonText}
      />
      <ProblemTable
        caption={t('admin.import.warningCaption', { shown: report.warningRecords.length, count: report.warnings })}
        problems={report.warningRecords}
        withId
        reasonText={reasonText}
      />
    </section>
  );
}

/**
 * Imports a register file through the running server (POST /api/v1/admin/imports): the dry run is
 * offered first, the report lists every problem by line, as `npm run import` does.
 */
export function ImportPanel() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [strict, setStrict] = useState(false);
  const { run, progress, dryRunDone } = useUpload(
    (chosen: File, dryRun: boolean, onProgress) => uploadRegister(chosen, { dryRun, strict }, onProgress),
    { onError: reportError },
  );
  const tooLarge = file !== null && file.size > IMPORT_MAX_BYTES;
  const start = (dryRun: boolean) => {
    if (file && !tooLarge) run.mutate({ file, dryRun });
  };
  const tried = dryRunDone(file);

  return (
    <div className={classes.panel}>
      <Heading level={2} data-size="sm">
        {t('admin.import.heading')}
      </Heading>
      <Paragraph>{t('admin.import.intro')}</Paragraph>
      <FileChoice
        label={t('admin.import.file')}
        help={t('admin.import.fileHelp', { megabytes: megabytes(IMPORT_MAX_BYTES) })}
        accept=".ndjson,.geojson,.json"
        file={file}
        disabled={run.isPending}
        onChange={(chosen) => {
          setFile(chosen);
          run.reset();
        }}
      />
      {tooLarge && <Alert data-color="danger">{t('admin.import.tooLarge', { megabytes: megabytes(IMPORT_MAX_BYTES) })}</Alert>}
      <Checkbox
        label={t('admin.import.strict')}
        checked={strict}
        disabled={run.isPending}
        onChange={(e) => setStrict(e.target.checked)}
      />
      <div className={classes.toolbar}>
        <Button
          type="button"
          variant={tried ? 'secondary' : 'primary'}
          disabled={!file || tooLarge || run.isPending}
          onClick={() => start(true)}
        >
          {t('admin.import.dryRun')}
        </Button>
        <Button
          type="button"
          variant={tried ? 'primary' : 'secondary'}
          disabled={!file || tooLarge || run.isPending}
          onClick={() => start(false)}
        >
          {t('admin.import.run')}
        </Button>
      </div>
      {run.isPending && (
        <UploadStatus progress={progress} working={t(run.variables?.dryRun ? 'admin.import.checking' : 'admin.import.writing')} />
      )}
      {run.data && run.variables && <Report report={run.data} fileName={run.variables.file.name} />}
    </div>
  );
}
