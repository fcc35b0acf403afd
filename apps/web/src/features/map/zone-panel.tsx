import { Button, Heading, Link, Paragraph, Spinner, Table } from '@digdir/designsystemet-react';
import {
  MAP_ZONE_EXPORT_FILE_NAME,
  type MapZoneRequest,
  type MapZoneResult,
  NEARBY_MAX_RADIUS_METERS,
  type ZoneCircle,
  type ZonePolygon,
} from '@fast/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { TableScroll } from '../../components/table-scroll.tsx';
import { PATHS } from '../../config/constants.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { facilityLinkState } from '../../routes/links.ts';
import type { Shape } from '../map-kit/draw-tools.ts';
import { circleOfRing, type LonLat, lineLengthMetres, polygonAreaSquareMetres } from '../map-kit/geometry.ts';
import { exportZone, fetchZone } from '../map-kit/map-api.ts';
import { formatArea, formatLength, formatPosition } from '../map-kit/map-format.ts';
import { SubstanceTotalsTable } from '../map-kit/substance-totals-table.tsx';
import { vulnerableQueries } from '../map-kit/vulnerable-objects/vulnerable-api.ts';
import { VulnerableWithin } from '../map-kit/vulnerable-objects/vulnerable-objects.tsx';
import classes from './map-screen.module.css';

/** The zone a polygon, rectangle or circle encloses, as the server takes it; null for lines and markers. */
export function zoneOf(shape: Shape): MapZoneRequest | null {
  if (shape.geometry.type !== 'Polygon') return null;
  const rings = shape.geometry.coordinates as LonLat[][];
  if (shape.kind === 'circle' && rings[0]) {
    const { center, radius } = circleOfRing(rings[0]);
    return { circle: { center, radiusMetres: Math.round(radius * 1000) / 1000 } };
  }
  return { polygon: { type: 'Polygon', coordinates: rings } };
}

function Measures({ shape }: { shape: Shape }) {
  const { t } = useTranslation();
  const { geometry } = shape;
  if (geometry.type === 'LineString') {
    return (
      <Paragraph data-size="sm">
        {t('map.zones.length', { value: formatLength(lineLengthMetres(geometry.coordinates as LonLat[]), t) })}
      </Paragraph>
    );
  }
  if (geometry.type === 'Point') {
    return (
      <Paragraph data-size="sm">{t('map.zones.position', { value: formatPosition(geometry.coordinates as LonLat) })}</Paragraph>
    );
  }
  const rings = geometry.coordinates as LonLat[][];
  const area = formatArea(polygonAreaSquareMetres(rings), t);
  return (
    <Paragraph data-size="sm">
      {shape.kind === 'circle' && rings[0] && (
        <>
          {t('map.zones.radius', { value: formatLength(circleOfRing(rings[0]).radius, t) })}
          <br />
        </>
      )}
      {t('map.zones.area', { value: area })}
    </Paragraph>
  );
}

function ZoneContents({ organisationNumber, zone, title }: { organisationNumber: string; zone: MapZoneRequest; title: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const [exporting, setExporting] = useState(false);
  const result = useQuery({
    queryKey: ['map', 'zone', organisationNumber, JSON.stringify(zone)],
    queryFn: ({ signal }) => fetchZone(zone, signal),
    staleTime: 30_000,
  });

  const handleExport = async () => {
    setExporting(true);
    try {
      saveBlob(await exportZone(zone, i18n.language === 'nn' ? 'nn' : 'nb'), MAP_ZONE_EXPORT_FILE_NAME);
    } catch {
      // The HTTP client has shown the error.
    } finally {
      setExporting(false);
    }
  };

  if (result.isPending) {
    return (
      <Paragraph data-size="sm" role="status">
        <Spinner aria-hidden data-size="xs" /> {t('map.zones.loading')}
      </Paragraph>
    );
  }
  if (!result.data) return null;
  const data: MapZoneResult = result.data;
  return (
    <div className={classes.zoneContents}>
      <Paragraph data-size="sm" data-testid="zone-count">
        <strong>{t('map.zones.facilityCount', { number: formatNumber(data.totalCount) })}</strong>
        {data.facilities.length < data.totalCount && (
          <> {t('map.zones.listShows', { shown: formatNumber(data.facilities.length) })}</>
        )}
      </Paragraph>
      {data.totalCount === 0 ? (
        <Paragraph data-size="sm">{t('map.zones.none')}</Paragraph>
      ) : (
        <>
          <TableScroll className={classes.tableScroll} label={`${title}: ${t('map.zones.facilitiesCaption')}`}>
            <Table data-size="sm" zebra aria-label={`${title}: ${t('map.zones.facilitiesCaption')}`}>
              <caption className="visually-hidden">{t('map.zones.facilitiesCaption')}</caption>
              <Table.Head>
                <Table.Row>
                  <Table.HeaderCell>{t('map.zones.columns.name')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('map.zones.columns.municipality')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('map.zones.columns.majorAccident')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('map.zones.columns.distance')}</Table.HeaderCell>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {data.facilities.map((f) => (
                  <Table.Row key={f.id} data-facility-id={f.id}>
                    <Table.Cell>
                      <Link asChild>
                        <RouterLink to={PATHS.facility(f.id)} state={facilityLinkState('map', location)}>
                          {f.name ?? t(f.privatePerson ? 'map.popup.privatePerson' : 'map.popup.unnamed')}
                        </RouterLink>
                      </Link>
                    </Table.Cell>
                    <Table.Cell>{f.municipality.name}</Table.Cell>
                    <Table.Cell>{t(`map.majorAccident.${f.majorAccident}`)}</Table.Cell>
                    <Table.Cell>{formatLength(f.distanceMetres, t)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          </TableScroll>
          <Heading level={4} data-size="2xs">
            {t('map.zones.totals')}
          </Heading>
          <SubstanceTotalsTable totals={data.substanceTotals} label={`${title}: ${t('map.zones.totalsCaption')}`} />
          <Button variant="secondary" data-size="sm" onClick={handleExport} disabled={exporting} aria-busy={exporting}>
            {exporting ? t('map.zones.exporting') : t('map.zones.export')}
          </Button>
          <Paragraph data-size="xs" className={classes.muted}>
            {t('map.zones.exportNote')}
          </Paragraph>
        </>
      )}
    </div>
  );
}

/** The schools, kindergartens, care homes and hospitals inside a drawn circle (the incident screen's summary and list). */
function CircleVulnerable({ circle }: { circle: ZoneCircle }) {
  const { t } = useTranslation();
  const [longitude, latitude] = circle.center;
  const fits = circle.radiusMetres >= 1 && circle.radiusMetres <= NEARBY_MAX_RADIUS_METERS;
  const query = useQuery(vulnerableQueries.within(fits ? { latitude, longitude, radiusMeters: circle.radiusMetres } : null));
  if (!fits) {
    return (
      <Paragraph data-size="sm" className={classes.muted}>
        {t('vulnerable.tooLarge', { radius: formatLength(NEARBY_MAX_RADIUS_METERS, t) })}
      </Paragraph>
    );
  }
  return <VulnerableWithin query={query} radiusText={formatLength(circle.radiusMetres, t)} headingLevel={4} />;
}

/** Those inside a drawn polygon or rectangle, by the zone's own test. */
function PolygonVulnerable({ polygon }: { polygon: ZonePolygon }) {
  const query = useQuery(vulnerableQueries.inside({ polygon }));
  return <VulnerableWithin query={query} radiusText={null} headingLevel={4} />;
}

/**
 * What has been drawn, shape by shape, with its measures; for zones (polygon, rectangle, circle)
 * the facilities inside and their substances. The non-visual counterpart of the drawing.
 */
export function ZonePanel(props: {
  /** What the zones' contents are asked for as (their answers are kept per organisation). */
  organisationNumber: string;
  shapes: readonly Shape[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onZoomTo: (shape: Shape) => void;
  onDelete: (id: string) => void;
}) {
  const { t } = useTranslation();
  const numbers = new Map<string, number>();
  const counters = new Map<string, number>();
  for (const shape of props.shapes) {
    const next = (counters.get(shape.kind) ?? 0) + 1;
    counters.set(shape.kind, next);
    numbers.set(shape.id, next);
  }
  return (
    <section className={classes.panelSection} aria-labelledby="map-zones-heading">
      <Heading level={2} data-size="xs" id="map-zones-heading">
        {t('map.zones.heading')}
      </Heading>
      {props.shapes.length === 0 ? (
        <Paragraph data-size="sm">{t('map.zones.empty')}</Paragraph>
      ) : (
        <ol className={classes.zoneList}>
          {props.shapes.map((shape) => {
            const title =
              shape.label ??
              t('map.zones.title', { kind: t(`map.zones.kinds.${shape.kind}`), number: numbers.get(shape.id) ?? 0 });
            const zone = zoneOf(shape);
            const selected = props.selectedId === shape.id;
            return (
              <li key={shape.id} className={classes.zone} data-selected={selected || undefined} aria-label={title}>
                <Heading level={3} data-size="2xs">
                  {title}
                </Heading>
                <Measures shape={shape} />
                <div className={classes.zoneActions}>
                  <Button variant="tertiary" data-size="sm" aria-pressed={selected} onClick={() => props.onSelect(shape.id)}>
                    {selected ? t('map.zones.selected') : t('map.zones.select')}
                  </Button>
                  <Button variant="tertiary" data-size="sm" onClick={() => props.onZoomTo(shape)}>
                    {t('map.zones.zoomTo')}
                  </Button>
                  <Button variant="tertiary" data-size="sm" data-color="danger" onClick={() => props.onDelete(shape.id)}>
                    {t('map.zones.delete')}
                  </Button>
                </div>
                {zone && <ZoneContents organisationNumber={props.organisationNumber} zone={zone} title={title} />}
                {zone &&
                  ('circle' in zone ? <CircleVulnerable circle={zone.circle} /> : <PolygonVulnerable polygon={zone.polygon} />)}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
