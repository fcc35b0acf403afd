import { Alert, Button, Heading } from '@digdir/designsystemet-react';
import { REFERENCE_LAYER_MAX_BYTES, type ReferenceLayerName } from '@fast/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionErrorAlert } from './action-error-alert.tsx';
import classes from './admin.module.css';
import { adminQueries, referenceLayerFormat, uploadReferenceLayer } from './admin-api.ts';
import { FileChoice, megabytes, UploadStatus, useUpload } from './file-upload.tsx';
import { ReferenceLayerReport } from './reference-layer-report.tsx';
// Every text of the tab is under `admin.referenceLayers`, which comes with this screen.
import './reference-layers-texts.ts';

const MAX_MEGABYTES = megabytes(REFERENCE_LAYER_MAX_BYTES);

/**
 * Loads a new version of one layer: a file is checked first (a dry run writes nothing), then
 * loaded, which makes it the active version at once. A file too large or of no layer's format is
 * refused before anything is sent.
 */
export function ReferenceLayerLoad({ layer }: { layer: ReferenceLayerName }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const { run, progress, dryRunDone } = useUpload(
    (chosen: File, dryRun: boolean, onProgress) => uploadReferenceLayer(layer, chosen, { dryRun }, onProgress),
    {
      onSuccess: (report) => {
        if (!report.dryRun) void queryClient.invalidateQueries({ queryKey: adminQueries.referenceLayers().queryKey });
      },
    },
  );
  const refusal =
    file === null
      ? null
      : file.size > REFERENCE_LAYER_MAX_BYTES
        ? t('admin.referenceLayers.tooLarge', { megabytes: MAX_MEGABYTES })
        : referenceLayerFormat(file.name) === null
          ? t('admin.referenceLayers.unsupportedFile')
          : null;
  const start = (dryRun: boolean) => {
    if (file && !refusal) run.mutate({ file, dryRun });
  };
  const tried = dryRunDone(file);
  const disabled = !file || refusal !== null || run.isPending;

  return (
    <section className={classes.panel} aria-labelledby={headingId}>
      <Heading level={3} data-size="xs" id={headingId}>
        {t('admin.referenceLayers.loadHeading', { layer: t(`admin.referenceLayers.layers.${layer}`) })}
      </Heading>
      <FileChoice
        label={t('admin.referenceLayers.file')}
        help={t(`admin.referenceLayers.fileHelp.${layer}`, { megabytes: MAX_MEGABYTES })}
        accept=".zip,.csv,.geojson,.json"
        file={file}
        disabled={run.isPending}
        onChange={(chosen) => {
          setFile(chosen);
          run.reset();
        }}
      />
      {refusal && <Alert data-color="danger">{refusal}</Alert>}
      <div className={classes.toolbar}>
        <Button type="button" variant={tried ? 'secondary' : 'primary'} disabled={disabled} onClick={() => start(true)}>
          {t('admin.referenceLayers.dryRun')}
        </Button>
        <Button type="button" variant={tried ? 'primary' : 'secondary'} disabled={disabled} onClick={() => start(false)}>
          {t('admin.referenceLayers.run')}
        </Button>
      </div>
      {run.isPending && (
        <UploadStatus
          progress={progress}
          working={t(run.variables?.dryRun ? 'admin.referenceLayers.checking' : 'admin.referenceLayers.loading')}
        />
      )}
      {run.isError && <ActionErrorAlert error={run.error} />}
      {run.data && run.variables && <ReferenceLayerReport report={run.data} fileName={run.variables.file.name} />}
    </section>
  );
}
