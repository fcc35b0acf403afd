import { Alert, Button, Heading, Link, Paragraph, Spinner } from '@digdir/designsystemet-react';
import { formatRadius, NEARBY_EXPORT_FILE_NAME, type NearbyRequest, type PlaceCandidate } from '@fast/contracts';
import { DownloadIcon, PrinterSmallIcon } from '@navikt/aksel-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { platformQueries } from '../../api/platform-queries.ts';
import { PATHS } from '../../config/constants.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import type { AreaOverlay, CreateMap } from '../map/map-view.ts';
import { SubstanceTotalsTable } from '../map/substance-totals-table.tsx';
import { toast } from '../toasts/toast-store.ts';
import { exportNearby, incidentQueries } from './incident-api.ts';
import { IncidentMap } from './incident-map.tsx';
import { IncidentResults } from './incident-results.tsx';
import classes from './incident-screen.module.css';
import { type IncidentState, incidentSearchParams, nextRadius, parseIncidentParams } from './incident-url.ts';
import { IncidentZones } from './incident-zones.tsx';
import { PlaceField } from './place-field.tsx';
import { PointPanel } from './point-panel.tsx';
import { RadiusPicker } from './radius-picker.tsx';
import { usePointPlace } from './use-point-place.ts';

/**
 * How many of the nearest the list shows at first: a few screens of rows that follow the pointer
 * at once; the rest (the API lists up to NEARBY_MAX_FACILITIES) come with "Vis alle".
 */
const LIST_FIRST = 500;

/** The point's municipality is outside the scope: its facilities are not listed. */
function NoAccessNotice({ municipality }: { municipality: string }) {
  const { t } = useTranslation();
  return (
    <Alert data-color="warning" data-size="sm" data-testid="incident-no-access">
      <Paragraph data-size="sm">{t('incident.empty.noAccess', { municipality })}</Paragraph>
      <Link asChild>
        <RouterLink to={PATHS.access}>{t('incident.empty.requestAccess')}</RouterLink>
      </Link>
    </Alert>
  );
}

function ExportButton({ request }: { request: NearbyRequest }) {
  const { t, i18n } = useTranslation();
  const mutation = useMutation({
    mutationFn: (nearby: NearbyRequest) => exportNearby(nearby, i18n.language === 'nn' ? 'nn' : 'nb'),
    onSuccess: (blob) => {
      saveBlob(blob, NEARBY_EXPORT_FILE_NAME);
      toast.positive({ key: 'incident.actions.exported' });
    },
  });
  return (
    <Button
      variant="secondary"
      data-size="sm"
      aria-busy={mutation.isPending}
      onClick={() => {
        if (!mutation.isPending) mutation.mutate(request);
      }}
    >
      {mutation.isPending ? <Spinner aria-hidden data-size="xs" /> : <DownloadIcon aria-hidden />}
      {mutation.isPending ? t('incident.actions.exporting') : t('incident.actions.export')}
    </Button>
  );
}

/**
 * /hendelse?lat=…&lon=…&r=…&q=…: from a place to every facility of the scope around it, nearest
 * first, on a list, on the map and on paper. Everything the screen shows follows from the URL, so
 * a link hands the same picture to the next shift. The map comes from `createMap` (MapLibre in the
 * app, a fake in tests).
 */
export function IncidentScreen({ organisationNumber, createMap }: { organisationNumber: string; createMap: CreateMap }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseIncidentParams(params), [params]);
  const update = (next: IncidentState) => setParams(incidentSearchParams(next));
  const [chosen, setChosen] = useState<PlaceCandidate | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const highlight = useCallback((id: number | null) => setHighlighted(id), []);
  const [zones, setZones] = useState<AreaOverlay | null>(null);

  const { point, radiusMeters } = state;
  const request: NearbyRequest | null = point ? { ...point, radiusMeters } : null;
  const nearby = useQuery({
    ...incidentQueries.nearby(organisationNumber, request ?? { latitude: 0, longitude: 0, radiusMeters }),
    enabled: request !== null,
  });
  const place = usePointPlace(organisationNumber, point, state.query, chosen);
  const scope = useQuery(platformQueries.counties(organisationNumber));
  const outsideScope =
    place.municipality && scope.data
      ? !scope.data.some((county) => county.children.some((m) => m.id === place.municipality?.id))
      : false;

  const choose = (candidate: PlaceCandidate) => {
    setChosen(candidate);
    update({ ...state, point: { latitude: candidate.latitude, longitude: candidate.longitude }, query: candidate.label });
  };
  const data = request && nearby.data ? nearby.data : null;
  // "Vis alle" holds for the answer it was chosen for: another point or radius starts short again.
  const answerKey = request ? `${request.latitude},${request.longitude},${request.radiusMeters}` : '';
  const [allShownFor, setAllShownFor] = useState<string | null>(null);
  // Kept while the answer is the same: a new array would render every row again (IncidentResults).
  const listed = useMemo(
    () => (data ? (allShownFor === answerKey ? data.facilities : data.facilities.slice(0, LIST_FIRST)) : []),
    [data, allShownFor, answerKey],
  );
  const larger = nextRadius(radiusMeters);
  const radiusText = formatRadius(radiusMeters);

  return (
    <div className={classes.screen}>
      <div className={classes.intro}>
        <Heading level={1} data-size="md">
          {t('incident.heading')}
        </Heading>
        <Paragraph data-size="sm" className={classes.noPrint}>
          {t('incident.intro')}
        </Paragraph>
      </div>
      <search className={classes.controls}>
        <PlaceField organisationNumber={organisationNumber} initialText={state.query} onChoose={choose} />
        <RadiusPicker radiusMeters={radiusMeters} onChange={(metres) => update({ ...state, radiusMeters: metres })} />
      </search>
      {state.query && <p className={classes.printOnly}>{state.query}</p>}

      {!point ? (
        <Alert data-color="info" data-testid="incident-empty">
          <Paragraph>{t('incident.empty.noPlace')}</Paragraph>
        </Alert>
      ) : (
        <>
          {outsideScope && place.municipality && <NoAccessNotice municipality={place.municipality.name} />}
          <PointPanel point={point} municipalityId={place.municipality?.id ?? null} attribution={place.attribution} />
          <div className={classes.layout}>
            <IncidentMap createMap={createMap} nearby={data} areas={zones} highlighted={highlighted} onHighlight={highlight} />
            <div className={classes.list}>
              {data && data.totalCount > 0 && (
                <IncidentZones
                  key={answerKey}
                  organisationNumber={organisationNumber}
                  facilities={data.facilities}
                  onOverlay={setZones}
                />
              )}
              <section className={classes.list} aria-labelledby="incident-results-heading" aria-busy={nearby.isFetching}>
                <Heading level={2} data-size="xs" id="incident-results-heading">
                  {t('incident.results.heading', { radius: radiusText })}
                </Heading>
                {nearby.isPending ? (
                  <Paragraph data-size="sm" role="status">
                    <Spinner aria-hidden data-size="xs" /> {t('incident.results.loading')}
                  </Paragraph>
                ) : nearby.isError ? (
                  <Alert data-color="danger" data-size="sm">
                    <Paragraph data-size="sm">{t('incident.results.failed')}</Paragraph>
                    <Button variant="secondary" data-size="sm" onClick={() => void nearby.refetch()}>
                      {t('incident.results.retry')}
                    </Button>
                  </Alert>
                ) : data && data.totalCount === 0 ? (
                  <Alert data-color="info" data-size="sm" data-testid="incident-none">
                    <Paragraph data-size="sm">{t('incident.empty.noneWithin', { radius: radiusText })}</Paragraph>
                    {larger !== null && (
                      <Button variant="secondary" data-size="sm" onClick={() => update({ ...state, radiusMeters: larger })}>
                        {t('incident.empty.tryLarger', { radius: formatRadius(larger) })}
                      </Button>
                    )}
                  </Alert>
                ) : data ? (
                  <>
                    <Paragraph data-size="sm" role="status" data-testid="incident-count">
                      {t('incident.results.count', { number: formatNumber(data.totalCount), radius: radiusText })}
                      {listed.length < data.totalCount &&
                        ` ${t('incident.results.listShows', { shown: formatNumber(listed.length) })}`}
                    </Paragraph>
                    {/* On paper, when the list was read: the next shift may hold it hours later. */}
                    <Paragraph data-size="xs" className={classes.printOnly} data-testid="incident-fetched-at">
                      {t('incident.actions.fetchedAt', { time: formatDateTime(new Date(nearby.dataUpdatedAt)) })}
                    </Paragraph>
                    <div className={`${classes.actions} ${classes.noPrint}`}>
                      <Button variant="secondary" data-size="sm" onClick={() => window.print()}>
                        <PrinterSmallIcon aria-hidden />
                        {t('incident.actions.print')}
                      </Button>
                      {request && <ExportButton request={request} />}
                    </div>
                    <IncidentResults
                      facilities={listed}
                      radiusText={radiusText}
                      highlighted={highlighted}
                      onHighlight={highlight}
                    />
                    {listed.length < data.facilities.length && (
                      <Button
                        variant="secondary"
                        data-size="sm"
                        className={classes.noPrint}
                        data-testid="incident-show-all"
                        onClick={() => setAllShownFor(answerKey)}
                      >
                        {t('incident.results.showAll', { number: formatNumber(data.facilities.length) })}
                      </Button>
                    )}
                    <Heading level={3} data-size="2xs">
                      {t('incident.results.totals')}
                    </Heading>
                    <SubstanceTotalsTable totals={data.substanceTotals} label={t('incident.results.totalsCaption')} />
                    <Paragraph data-size="xs" className={`${classes.muted} ${classes.noPrint}`}>
                      {t('incident.actions.exportNote')}
                    </Paragraph>
                  </>
                ) : null}
              </section>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
