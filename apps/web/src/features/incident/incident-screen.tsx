import { Alert, Button, Heading, Link, Paragraph, Spinner } from '@digdir/designsystemet-react';
import {
  formatRadius,
  type MunicipalityRef,
  NEARBY_EXPORT_FILE_NAME,
  type NearbyCenter,
  type NearbyRequest,
  type PlaceAttribution,
  type PlaceCandidate,
} from '@fast/contracts';
import { DownloadIcon, PrinterSmallIcon } from '@navikt/aksel-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { platformQueries } from '../../api/platform-queries.ts';
import { LoadingLine, RetryAlert } from '../../components/query-status.tsx';
import { PATHS } from '../../config/constants.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { type IncidentPoint, type IncidentState, incidentSearchParams, parseIncidentParams } from '../../routes/links.ts';
import { toast } from '../../shell/toasts/toast-store.ts';
import type { AreaOverlay, CreateMap } from '../map-kit/map-view.ts';
import { SubstanceTotalsTable } from '../map-kit/substance-totals-table.tsx';
import { vulnerableQueries } from '../map-kit/vulnerable-objects/vulnerable-api.ts';
import { VulnerableWithin } from '../map-kit/vulnerable-objects/vulnerable-objects.tsx';
import { exportNearby, incidentQueries } from './incident-api.ts';
import { IncidentMap } from './incident-map.tsx';
import { IncidentResults } from './incident-results.tsx';
import classes from './incident-screen.module.css';
import { IncidentZones } from './incident-zones.tsx';
import { PlaceField } from './place-field.tsx';
import { PointPanel } from './point-panel.tsx';
import { nextRadius } from './radius.ts';
import { RadiusPicker } from './radius-picker.tsx';

/**
 * How many of the nearest the list shows at first: a few screens of rows that follow the pointer
 * at once; the rest (the API lists up to NEARBY_MAX_FACILITIES) come with "Vis alle".
 */
const LIST_FIRST = 500;

/**
 * The vulnerable objects listed before the facilities: the nearest few, the rest on "Vis alle" (the
 * summary line counts them all), so that the facilities' heading comes into view with them.
 */
const VULNERABLE_FIRST = 5;

/**
 * The results are in view when their start is in the upper part of the window: on a phone they
 * start two screens below the field (the point and the map come first), and a place chosen there
 * would otherwise change nothing in view.
 */
function revealResults(section: HTMLElement) {
  const { top } = section.getBoundingClientRect();
  if (top >= 0 && top <= window.innerHeight * 0.6) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
  section.scrollIntoView({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
}

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

/** Positions from the URL are written to six decimals: within that, a candidate is this point. */
const samePoint = (candidate: PlaceCandidate, point: IncidentPoint) =>
  Math.abs(candidate.latitude - point.latitude) < 5e-7 && Math.abs(candidate.longitude - point.longitude) < 5e-7;

interface PointPlace {
  /** The municipality the point lies in; null outside Norway; undefined while not known. */
  municipality: MunicipalityRef | null | undefined;
  /** Credit the point's source requires (a postal code's point). */
  attribution: PlaceAttribution | null;
}

/**
 * What the screen knows of its point besides its position: the chosen candidate's, at once, when
 * the user has just picked one; otherwise (a point from a link: a shared URL, the map, a facility)
 * what the server's nearby answer says of its centre.
 */
function pointPlace(point: IncidentPoint | null, chosen: PlaceCandidate | null, center: NearbyCenter | null): PointPlace {
  if (point && chosen && samePoint(chosen, point)) {
    return { municipality: chosen.municipality, attribution: chosen.attribution ?? null };
  }
  return { municipality: center?.municipality, attribution: center?.attribution ?? null };
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
  // The schools, kindergartens, care homes and hospitals in the same circle (public: any municipality).
  const vulnerable = useQuery(vulnerableQueries.within(request));
  const center = request && nearby.data ? nearby.data.center : null;
  const place = pointPlace(point, chosen, center);
  const scope = useQuery(platformQueries.counties(organisationNumber));
  const outsideScope =
    place.municipality && scope.data
      ? !scope.data.some((county) => county.children.some((m) => m.id === place.municipality?.id))
      : false;

  // "Vis alle" holds for the answer it was chosen for: another point or radius starts short again.
  const answerKey = request ? `${request.latitude},${request.longitude},${request.radiusMeters}` : '';
  // The answer a place was just chosen for: the results are brought into view once it is there.
  const [revealFor, setRevealFor] = useState<string | null>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const choose = (candidate: PlaceCandidate) => {
    setChosen(candidate);
    const next = { latitude: candidate.latitude, longitude: candidate.longitude };
    setRevealFor(`${next.latitude},${next.longitude},${radiusMeters}`);
    update({ ...state, point: next, query: candidate.label });
  };
  const data = request && nearby.data ? nearby.data : null;
  const answered = data !== null && !nearby.isPlaceholderData;
  useEffect(() => {
    if (!answered || revealFor !== answerKey || !resultsRef.current) return;
    setRevealFor(null);
    revealResults(resultsRef.current);
  }, [answered, revealFor, answerKey]);
  const [allShownFor, setAllShownFor] = useState<string | null>(null);
  // Kept while the answer is the same: a new array would render every row again (IncidentResults).
  const listed = useMemo(
    () => (data ? (allShownFor === answerKey ? data.facilities : data.facilities.slice(0, LIST_FIRST)) : []),
    [data, allShownFor, answerKey],
  );
  const larger = nextRadius(radiusMeters);
  const radiusText = formatRadius(radiusMeters);
  // Said once each answer is there, by a region that is on the screen before any place is chosen
  // (a region that appears with its text is not read out by every screen reader).
  const announcement = !data
    ? ''
    : data.totalCount === 0
      ? t('incident.empty.noneWithin', { radius: radiusText })
      : t('incident.results.count', { number: formatNumber(data.totalCount), radius: radiusText });

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
      <p role="status" className="visually-hidden" data-testid="incident-announcement">
        {announcement}
      </p>

      {!point ? (
        <Alert data-color="info" data-testid="incident-empty">
          <Paragraph>{t('incident.empty.noPlace')}</Paragraph>
        </Alert>
      ) : (
        <>
          {outsideScope && place.municipality && <NoAccessNotice municipality={place.municipality.name} />}
          <PointPanel positions={center?.positions ?? null} attribution={place.attribution} />
          <div className={classes.layout}>
            <IncidentMap
              createMap={createMap}
              nearby={data}
              areas={zones}
              vulnerable={request && vulnerable.data ? vulnerable.data.objects : null}
              highlighted={highlighted}
              onHighlight={highlight}
            />
            <div className={classes.list}>
              {data && data.totalCount > 0 && (
                <IncidentZones
                  key={answerKey}
                  organisationNumber={organisationNumber}
                  facilities={data.facilities}
                  onOverlay={setZones}
                />
              )}
              {/* What is around the point, the vulnerable objects first: brought into view together. */}
              <div
                ref={resultsRef}
                className={`${classes.list} ${classes.resultsSection}`}
                data-testid="incident-results-section"
              >
                <VulnerableWithin query={vulnerable} radiusText={radiusText} headingLevel={2} first={VULNERABLE_FIRST} />
                <section className={classes.list} aria-labelledby="incident-results-heading" aria-busy={nearby.isFetching}>
                  <Heading level={2} data-size="xs" id="incident-results-heading">
                    {t('incident.results.heading', { radius: radiusText })}
                  </Heading>
                  {nearby.isPending ? (
                    <LoadingLine>{t('incident.results.loading')}</LoadingLine>
                  ) : nearby.isError ? (
                    <RetryAlert
                      message={t('incident.results.failed')}
                      retryLabel={t('incident.results.retry')}
                      onRetry={() => void nearby.refetch()}
                    />
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
                      <Paragraph data-size="sm" data-testid="incident-count">
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
          </div>
        </>
      )}
    </div>
  );
}
