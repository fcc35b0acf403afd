import { Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import { REFERENCE_LAYERS, type ReferenceLayerSummary } from '@fast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { toast } from '../../shell/toasts/toast-store.ts';
import { ActionErrorAlert } from './action-error-alert.tsx';
import classes from './admin.module.css';
import { adminQueries, rollBackReferenceLayer } from './admin-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ReferenceLayerLoad } from './reference-layer-load.tsx';
// Every text of the tab is under `admin.referenceLayers`, which comes with this screen.
import './reference-layers-texts.ts';

const NONE = '–';

/**
 * The public reference layers the authority loads (issue 37): each layer's active version and
 * the one before it, a rollback to that one, and a load of a new version per layer.
 */
export function ReferenceLayersPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const layers = useQuery(adminQueries.referenceLayers());
  const [rollingBack, setRollingBack] = useState<ReferenceLayerSummary | null>(null);
  const layerName = (summary: ReferenceLayerSummary) => t(`admin.referenceLayers.layers.${summary.layer}`);
  const rollback = useMutation({
    mutationFn: (summary: ReferenceLayerSummary) => rollBackReferenceLayer(summary.layer),
    onSuccess: (summary) => {
      const version = String(summary.active?.version ?? '');
      toast.positive({ key: 'admin.referenceLayers.rolledBack', values: { layer: layerName(summary), version } });
      setRollingBack(null);
    },
    // Also after a refusal: another administrator may have loaded or rolled back meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueries.referenceLayers().queryKey }),
  });
  const closeDialog = () => {
    setRollingBack(null);
    rollback.reset();
  };

  const columns: DataColumn<ReferenceLayerSummary>[] = [
    { id: 'layer', header: t('admin.referenceLayers.columns.layer'), cell: layerName },
    {
      id: 'version',
      header: t('admin.referenceLayers.columns.version'),
      cell: (s) => s.active?.version ?? t('admin.referenceLayers.notLoaded'),
    },
    {
      id: 'loadedAt',
      header: t('admin.referenceLayers.columns.loadedAt'),
      cell: (s) => (s.active ? formatDateTime(s.active.loadedAt) : NONE),
      className: classes.nowrap,
    },
    {
      id: 'rows',
      header: t('admin.referenceLayers.columns.rows'),
      cell: (s) => (s.active ? formatNumber(s.active.rowCount) : NONE),
      className: classes.nowrap,
    },
    { id: 'source', header: t('admin.referenceLayers.columns.source'), cell: (s) => s.active?.source ?? NONE },
    { id: 'loadedBy', header: t('admin.referenceLayers.columns.loadedBy'), cell: (s) => s.active?.loadedBy ?? NONE },
    { id: 'fileName', header: t('admin.referenceLayers.columns.fileName'), cell: (s) => s.active?.fileName ?? NONE },
    {
      id: 'previous',
      header: t('admin.referenceLayers.columns.previous'),
      cell: (s) =>
        s.previous ? (
          <div className={classes.stack}>
            <span>
              {t('admin.referenceLayers.previous', {
                version: s.previous.version,
                date: formatDateTime(s.previous.loadedAt),
                rows: formatNumber(s.previous.rowCount),
              })}
            </span>
            <Button
              data-size="sm"
              variant="secondary"
              data-color="danger"
              disabled={rollback.isPending}
              onClick={() => setRollingBack(s)}
            >
              {t('admin.referenceLayers.rollback', { version: s.previous.version })}
            </Button>
          </div>
        ) : (
          t('admin.referenceLayers.noPrevious')
        ),
    },
  ];

  return (
    <div className={classes.panel}>
      <Heading level={2} data-size="sm">
        {t('admin.referenceLayers.heading')}
      </Heading>
      <Paragraph>{t('admin.referenceLayers.intro')}</Paragraph>
      <DataTable<ReferenceLayerSummary>
        caption={t('admin.referenceLayers.caption')}
        columns={columns}
        rows={layers.data}
        rowKey={(s) => s.layer}
        loadingText={t('header.loading')}
        emptyText={t('admin.referenceLayers.empty')}
        error={layers.error}
      />
      {REFERENCE_LAYERS.map((layer) => (
        <ReferenceLayerLoad key={layer} layer={layer} />
      ))}
      <ConfirmDialog
        open={rollingBack !== null}
        title={rollingBack ? t('admin.referenceLayers.rollbackTitle', { layer: layerName(rollingBack) }) : ''}
        body={
          rollingBack?.previous
            ? t('admin.referenceLayers.rollbackBody', {
                previous: rollingBack.previous.version,
                date: formatDateTime(rollingBack.previous.loadedAt),
                rows: formatNumber(rollingBack.previous.rowCount),
                active: rollingBack.active?.version ?? NONE,
              })
            : undefined
        }
        confirm={t('admin.referenceLayers.rollbackConfirm')}
        busy={rollback.isPending}
        onConfirm={() => rollingBack && rollback.mutate(rollingBack)}
        onClose={closeDialog}
      >
        {rollback.isError && <ActionErrorAlert error={rollback.error} />}
      </ConfirmDialog>
    </div>
  );
}
