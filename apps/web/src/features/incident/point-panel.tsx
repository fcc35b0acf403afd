import { Button, Heading, Link } from '@digdir/designsystemet-react';
import type { PlaceAttribution } from '@fast/contracts';
import { FilesIcon } from '@navikt/aksel-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../toasts/toast-store.ts';
import classes from './incident-screen.module.css';
import type { IncidentPoint } from './incident-url.ts';
import { pointPositions } from './point-position.ts';

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
 * message; the credit of its position's source when that requires one (postal code points).
 */
export function PointPanel({
  point,
  municipalityId,
  attribution,
}: {
  point: IncidentPoint;
  /** The point's municipality, whose county gives the local UTM zone; null outside every one. */
  municipalityId: string | null;
  attribution: PlaceAttribution | null;
}) {
  const { t } = useTranslation();
  const positions = useMemo(() => pointPositions(point, municipalityId), [point, municipalityId]);
  return (
    <section className={classes.point} aria-labelledby="incident-point">
      <Heading level={2} data-size="2xs" id="incident-point">
        {t('incident.point.heading')}
      </Heading>
      <dl className={classes.positions} data-testid="incident-point">
        <Position label={t('incident.point.localUtm', { zone: String(positions.utm.zone) })} value={positions.utm.text} />
        <Position label={t('incident.point.wgs84')} value={positions.wgs84} />
        {positions.mgrs && <Position label={t('incident.point.mgrs')} value={positions.mgrs} />}
      </dl>
      {attribution && (
        <p className={classes.attribution}>
          <Link href={attribution.url}>{attribution.text}</Link>
        </p>
      )}
    </section>
  );
}
