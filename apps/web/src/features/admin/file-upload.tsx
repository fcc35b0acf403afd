import { Button, Field, EXPERIMENTAL_FileUpload as FileUpload, Label, Paragraph, Spinner } from '@digdir/designsystemet-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/number-format.ts';
import classes from './admin.module.css';
import type { UploadProgress } from './admin-api.ts';

/** "0,8 kB", "12,5 MB"; a file of a few bytes is "0,1 kB", not "0 kB". */
function fileSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${formatNumber(Math.max(0.1, bytes / 1024), 1)}\u00a0kB`
    : `${formatNumber(bytes / 1024 / 1024, 1)}\u00a0MB`;
}

/** A size limit in whole megabytes, as the help and refusal texts give it ("1 536"). */
export const megabytes = (bytes: number) => formatNumber(Math.round(bytes / 1024 / 1024));

/**
 * Designsystemet's upload area: the file input covers it, so a click anywhere or a dropped file
 * chooses. Below it, the chosen file's name and size.
 */
export function FileChoice(props: {
  label: string;
  help: string;
  accept: string;
  file: File | null;
  disabled: boolean;
  onChange: (file: File | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field>
      <Label>{props.label}</Label>
      <FileUpload>
        <Field.Description>{t('admin.upload.fileDrop')}</Field.Description>
        <Button asChild variant="secondary" data-size="sm">
          <span>{t('admin.upload.fileChoose')}</span>
        </Button>
        <Field.Description>{props.help}</Field.Description>
        <input
          type="file"
          accept={props.accept}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.files?.[0] ?? null)}
        />
      </FileUpload>
      <Paragraph data-size="sm" aria-live="polite">
        {props.file
          ? t('admin.upload.fileChosen', { name: props.file.name, size: fileSize(props.file.size) })
          : t('admin.upload.noFile')}
      </Paragraph>
    </Field>
  );
}

/** While an upload runs: a progress bar until the file is sent, then a spinner and what the server does. */
export function UploadStatus({ progress, working }: { progress: UploadProgress | null; working: string }) {
  const { t } = useTranslation();
  const uploaded = progress !== null && progress.sent >= progress.total;
  const percent = progress ? Math.floor((100 * progress.sent) / Math.max(1, progress.total)) : 0;
  return (
    <div className={classes.toolbar} role="status">
      {uploaded ? (
        <>
          <Spinner aria-hidden data-size="sm" />
          <span>{working}</span>
        </>
      ) : (
        <>
          <progress max={100} value={percent} aria-label={t('admin.upload.uploading', { percent })} />
          <span>{t('admin.upload.uploading', { percent })}</span>
        </>
      )}
    </div>
  );
}

/** An upload of a file, tried first or done: the file, whether to only try it, and the bytes sent so far. */
type Upload<Report> = (file: File, dryRun: boolean, onProgress: (progress: UploadProgress) => void) => Promise<Report>;

/**
 * A file upload's run, tried first (dry run) then done, with its progress. `dryRunDone` says the
 * chosen file has been tried, so that the screen can offer the real run next.
 */
export function useUpload<Report extends { dryRun: boolean }>(
  upload: Upload<Report>,
  options: { onSuccess?: (report: Report) => void; onError?: (error: unknown) => void } = {},
) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const run = useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      setProgress({ sent: 0, total: file.size });
      return upload(file, dryRun, setProgress);
    },
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
  const dryRunDone = (file: File | null) => run.data?.dryRun === true && run.variables?.file === file;
  return { run, progress, dryRunDone };
}
