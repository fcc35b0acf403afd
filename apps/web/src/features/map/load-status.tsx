import { Button, Paragraph, Spinner } from '@digdir/designsystemet-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/number-format.ts';
import classes from './map-screen.module.css';
import type { LoadState } from './use-map-facilities.ts';

/** How far the facilities have come: fetching (with progress), drawing, on the map; or failed, with a retry. */
export function LoadStatus({ load, onRetry }: { load: LoadState; onRetry: () => void }) {
  const { t } = useTranslation();
  const count = (value: number) => formatNumber(value);
  if (load.phase === 'failed') {
    return (
      <div className={classes.status} role="alert">
        <Paragraph data-size="sm">{t('map.loading.failed')}</Paragraph>
        <Button data-size="sm" variant="secondary" onClick={onRetry}>
          {t('map.loading.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className={classes.status} role="status" data-testid="map-status" data-phase={load.phase}>
      {load.phase !== 'ready' && <Spinner aria-hidden data-size="sm" />}
      <Paragraph data-size="sm">
        {load.phase === 'fetching' && (
          <>
            {t('map.loading.fetching')}
            {load.total !== null && <> {t('map.loading.progress', { loaded: count(load.loaded), total: count(load.total) })}</>}
          </>
        )}
        {load.phase === 'drawing' && (
          <>
            {t('map.loading.drawing')} {t('map.loading.progress', { loaded: count(load.total), total: count(load.total) })}
          </>
        )}
        {load.phase === 'ready' && t('map.loading.done', { number: count(load.count) })}
      </Paragraph>
    </div>
  );
}
