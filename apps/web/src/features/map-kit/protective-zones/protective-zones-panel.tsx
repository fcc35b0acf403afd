import { Alert, Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import type { ProtectiveZonesRequest } from '@fast/contracts';
import { XMarkIcon } from '@navikt/aksel-icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { facilityQueries } from '../../../api/facility-api.ts';
import { LoadingLine, RetryAlert } from '../../../components/query-status.tsx';
import type { AreaOverlay } from '../map-view.ts';
import classes from './protective-zones.module.css';
import { protectiveZonesQueries } from './protective-zones-api.ts';
import { ProtectiveZonesForm } from './protective-zones-form.tsx';
import { windFromText, zoneLabelsOf } from './zone-labels.ts';
import { ZoneList } from './zone-list.tsx';
import { zoneOverlayOf } from './zone-overlay.ts';
import { zoneSubjectOf } from './zone-subject.ts';

/**
 * "Sikkerhetssoner" for one facility, wherever a screen offers it (the map, the incident screen):
 * the facility's substances (its record, asked for once when the panel opens), the form, and on
 * "Tegn sonene" one request whose answer the screen draws (`onOverlay`, null to clear) and the
 * panel lists zone by zone. Closing the panel clears the map.
 */
export function ProtectiveZonesPanel(props: {
  organisationNumber: string;
  facilityId: number;
  onOverlay: (overlay: AreaOverlay | null) => void;
  onClose: () => void;
}) {
  const { organisationNumber, facilityId, onOverlay } = props;
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const detail = useQuery(facilityQueries.detail(organisationNumber, facilityId));
  const subject = useMemo(() => (detail.data ? zoneSubjectOf(detail.data) : null), [detail.data]);
  const [request, setRequest] = useState<ProtectiveZonesRequest | null>(null);
  const zones = useQuery(protectiveZonesQueries.zones(organisationNumber, request));
  const labels = useMemo(() => (zones.data ? zoneLabelsOf(zones.data, t) : null), [zones.data, t]);
  const overlay = useMemo(() => {
    if (!zones.data || !labels || !request) return null;
    const { windFromDegrees } = zones.data.parameters;
    const windLabel = windFromDegrees === null ? null : windFromText(windFromDegrees, t);
    return zoneOverlayOf(zones.data, labels, [request.longitude, request.latitude], windLabel);
  }, [zones.data, labels, request, t]);

  // The panel opens where the user's attention goes next (on a phone: below the map).
  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => onOverlay(overlay), [overlay, onOverlay]);
  useEffect(() => () => onOverlay(null), [onOverlay]);

  const facilityName = detail.data?.name ?? t('facility.unnamed');
  return (
    <section className={classes.panel} aria-labelledby={headingId} data-testid="protective-zones">
      <div className={classes.panelHeader}>
        <Heading level={2} data-size="xs" id={headingId} ref={headingRef} tabIndex={-1}>
          {detail.data ? t('zones.headingFor', { facility: facilityName }) : t('zones.heading')}
        </Heading>
        <Button variant="tertiary" data-size="sm" icon aria-label={t('zones.close')} onClick={props.onClose}>
          <XMarkIcon aria-hidden />
        </Button>
      </div>
      {detail.isPending ? (
        <LoadingLine>{t('zones.loadingFacility')}</LoadingLine>
      ) : detail.isError ? (
        <RetryAlert message={t('zones.facilityFailed')} retryLabel={t('facility.retry')} onRetry={() => void detail.refetch()} />
      ) : !subject ? (
        <Alert data-color="info" data-size="sm">
          <Paragraph data-size="sm">{t('zones.noPosition')}</Paragraph>
        </Alert>
      ) : subject.substances.length === 0 ? (
        <Alert data-color="info" data-size="sm">
          <Paragraph data-size="sm">{t('zones.noSubstances')}</Paragraph>
        </Alert>
      ) : (
        <>
          <ProtectiveZonesForm subject={subject} pending={zones.isFetching} onSubmit={setRequest} />
          {zones.isError && (
            <Alert data-color="danger" data-size="sm">
              <Paragraph data-size="sm">{t('zones.result.failed')}</Paragraph>
            </Alert>
          )}
          {zones.data && labels && <ZoneList response={zones.data} labels={labels} />}
        </>
      )}
    </section>
  );
}
