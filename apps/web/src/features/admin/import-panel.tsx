import {
  Alert,
  Button,
  Checkbox,
  Field,
  EXPERIMENTAL_FileUpload as FileUpload,
  Heading,
  Label,
  Paragraph,
  Spinner,
  Table,
} from '@digdir/designsystemet-react';
import { type AdminImportProblem, type AdminImportReport, IMPORT_MAX_BYTES } from '@fast/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../components/table-scroll.tsx';
import { formatNumber } from '../../lib/number-format.ts';
import { reportError } from '../../shell/toasts/report-error.ts';
import classes from './admin.module.css';
import { type UploadProgress, uploadRegister } from './admin-api.ts';

const MAX_MEGABYTES = Math.round(IMPORT_MAX_BYTES / 1024 / 1024);

/** "0,8 kB", "12,5 MB"; a file of a few bytes is "0,1 kB", not "0 kB". */
function fileSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${formatNumber(Math.max(0.1, bytes / 1024), 1)}\u00a0kB`
    : `${formatNumber(bytes / 1024 / 1024, 1)}\u00a0MB`;
}

function Problems({ caption, problems }: { caption: string; problems: AdminImportProblem[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <TableScroll label={caption}>
      <Table className={classes.table} data-size="sm" zebra>
        <caption>{caption}</caption>
        <Table.Head>
          <Table.Row>
            <Table.HeaderCell>{t('admin.import.line')}</Table.HeaderCell>
            <Table.HeaderCell>{t('admin.import.id')}</Table.HeaderCell>
            <Table.HeaderCell>{t('admin.import.reasons')}</Table.HeaderCell>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {problems.map((p) => (
            <Table.Row key={`${p.line}-${p.id}`}>
              <Table.Cell className={classes.nowrap}>{p.line}</Table.Cell>
              <Table.Cell className={classes.nowrap}>{p.id ?? '–'}</Table.Cell>
              <Table.Cell>{p.reasons.map((r) => t(`admin.import.reason.${r.code}`, r.params)).join('; ')}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </TableScroll>
  );
}

function Report({ report, fileName }: { report: AdminImportReport; fileName: string }) {
  const { t } = useTranslation();
  const { read, written, unchanged, invalid, warnings } = report;
  const counts = { read, written, unchanged, invalid, warnings };
  const color = report.invalid > 0 ? 'warning' : 'success';
  return (
    <section className={classes.panel} aria-labelledby="import-report">
      <Heading level={3} data-size="xs" id="import-report">
        {t(report.dryRun ? 'admin.import.dryRunReport' : 'admin.import.report', { file: fileName })}
      </Heading>
      <Alert data-color={color}>
        <Paragraph>{t(report.dryRun ? 'admin.import.dryRunCounts' : 'admin.import.counts', counts)}</Paragraph>
        {report.aborted && <Paragraph>{t('admin.import.aborted')}</Paragraph>}
      </Alert>
      <Problems
        caption={t('admin.import.invalidCaption', { shown: report.invalidRecords.length, count: report.invalid })}
        problems={report.invalidRecords}
      />
      <Problems
        caption={t('admin.import.warningCaption', { shown: report.warningRecords.length, count: report.warnings })}
        problems={report.warningRecords}
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
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const run = useMutation({
    mutationFn: ({ chosen, dryRun }: { chosen: File; dryRun: boolean }) => {
      setProgress({ sent: 0, total: chosen.size });
      return uploadRegister(chosen, { dryRun, strict }, setProgress);
    },
    onError: reportError,
  });
  const tooLarge = file !== null && file.size > IMPORT_MAX_BYTES;
  const start = (dryRun: boolean) => {
    if (file && !tooLarge) run.mutate({ chosen: file, dryRun });
  };
  const uploaded = progress !== null && progress.sent >= progress.total;
  const percent = progress ? Math.floor((100 * progress.sent) / Math.max(1, progress.total)) : 0;
  const dryRunDone = run.data?.dryRun === true && run.variables?.chosen === file;

  return (
    <div className={classes.panel}>
      <Heading level={2} data-size="sm">
        {t('admin.import.heading')}
      </Heading>
      <Paragraph>{t('admin.import.intro')}</Paragraph>
      {/* Designsystemet's upload area: the file input covers it, so a click anywhere or a dropped file chooses. */}
      <Field>
        <Label>{t('admin.import.file')}</Label>
        <FileUpload>
          <Field.Description>{t('admin.import.fileDrop')}</Field.Description>
          <Button asChild variant="secondary" data-size="sm">
            <span>{t('admin.import.fileChoose')}</span>
          </Button>
          <Field.Description>{t('admin.import.fileHelp', { megabytes: MAX_MEGABYTES })}</Field.Description>
          <input
            type="file"
            accept=".ndjson,.geojson,.json"
            disabled={run.isPending}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              run.reset();
            }}
          />
        </FileUpload>
        <Paragraph data-size="sm" aria-live="polite">
          {file ? t('admin.import.fileChosen', { name: file.name, size: fileSize(file.size) }) : t('admin.import.noFile')}
        </Paragraph>
      </Field>
      {tooLarge && <Alert data-color="danger">{t('admin.import.tooLarge', { megabytes: MAX_MEGABYTES })}</Alert>}
      <Checkbox
        label={t('admin.import.strict')}
        checked={strict}
        disabled={run.isPending}
        onChange={(e) => setStrict(e.target.checked)}
      />
      <div className={classes.toolbar}>
        <Button
          type="button"
          variant={dryRunDone ? 'secondary' : 'primary'}
          disabled={!file || tooLarge || run.isPending}
          onClick={() => start(true)}
        >
          {t('admin.import.dryRun')}
        </Button>
        <Button
          type="button"
          variant={dryRunDone ? 'primary' : 'secondary'}
          disabled={!file || tooLarge || run.isPending}
          onClick={() => start(false)}
        >
          {t('admin.import.run')}
        </Button>
      </div>
      {run.isPending && (
        <div className={classes.toolbar} role="status">
          {uploaded ? (
            <>
              <Spinner aria-hidden data-size="sm" />
              <span>{t(run.variables?.dryRun ? 'admin.import.checking' : 'admin.import.writing')}</span>
            </>
          ) : (
            <>
              <progress max={100} value={percent} aria-label={t('admin.import.uploading', { percent })} />
              <span>{t('admin.import.uploading', { percent })}</span>
            </>
          )}
        </div>
      )}
      {run.data && run.variables && <Report report={run.data} fileName={run.variables.chosen.name} />}
    </div>
  );
}
