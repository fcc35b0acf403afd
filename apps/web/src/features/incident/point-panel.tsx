import { Button, Heading, Link } from '@digdir/designsystemet-react';
import type { PlaceAttribution, PointPositions } from '@fast/contracts';
import { FilesIcon } from '@navikt/aksel-icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shell/toasts/toast-store.ts';
import classes from './incident-screen.module.css';

async function copy(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.positive({ key: 'incident.point.copied', values: { what } });
  } catch {
    toast.error({ key: 'incident.point.copyFailed' });
  }
}

function Position({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <div className={classes.position}>
      <dt>{label}</dt>
      <dd>
        <code>{value}</code>
        <Button
          variant="tertiary"
          data-size="sm"
          icon
          aria-label={t('incident.point.copy', { what: label })}
          title={t('incident.point.copy', { what: label })}
          onClick={() => void copy(value, label)}
          className={classes.noPrint}
        >
          <FilesIcon aria-hidden />
        </Button>
      </dd>
    </div>
  );
}

/**
 * Where the point is, in local UTM, WGS84 and MGRS, each ready to copy into a terminal or a
 * message (as the server's nearby answer gives them); the credit of its position's source when
 * that requires one (postal code points). Until the answer is here, the notations are not shown.
 */
export function PointPanel({
  positions,
  attribution,
}: {
  positions: PointPositions | null;
  attribution: PlaceAttribution | null;
}) {
  const { t } = useTranslation();
  return (
    <section className={classes.point} aria-labelledby="incident-point">
      <Heading level={2} data-size="2xs" id="incident-point">
        {t('incident.point.heading')}
      </Heading>
      <dl className={classes.positions} data-testid="incident-point" aria-busy={positions === null}>
        {positions && (
          <>
            <Position label={t('incident.point.localUtm', { zone: String(positions.utm.zone) })} value={positions.utm.text} />
            <Position label={t('incident.point.wgs84')} value={positions.wgs84} />
            {positions.mgrs && <Position label={t('incident.point.mgrs')} value={positions.mgrs} />}
          </>
        )}
      </dl>
      {attribution && (
        <p className={classes.attribution}>
          <Link href={attribution.url}>{attribution.text}</Link>
        </p>
      )}
    </section>
  );
}
