import { Alert, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import type { MapFacility } from '@fast/contracts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PATHS } from '../../config/constants.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { shapeBounds } from '../map-kit/draw-tools.ts';
import { boundsOf, circleRing, type LonLat } from '../map-kit/geometry.ts';
import { MapCanvas } from '../map-kit/map-canvas.tsx';
import { MapPopup } from '../map-kit/map-popup.tsx';
import type { AreaOverlay, CreateMap, VulnerablePoint } from '../map-kit/map-view.ts';
import { ProtectiveZonesPanel } from '../map-kit/protective-zones/protective-zones-panel.tsx';
import { useDrawing } from '../map-kit/use-drawing.ts';
import { useMapAreas, useMapView, useStartView } from '../map-kit/use-map-view.ts';
import { VulnerablePopup } from '../map-kit/vulnerable-objects/vulnerable-objects.tsx';
import { DrawPanel } from './draw-panel.tsx';
import { FacilityPopup, NearbyLink } from './facility-popup.tsx';
import { LayersPanel } from './layers-panel.tsx';
import { LoadStatus } from './load-status.tsx';
import classes from './map-screen.module.css';
import { useCircleRadius } from './use-circle-radius.ts';
import { useMapFacilities } from './use-map-facilities.ts';
import { useSafetyZonesRequest } from './use-safety-zones.ts';
import { VisibleFacilities } from './visible-facilities.tsx';
import { ZonePanel } from './zone-panel.tsx';

/** The map's one popup: the facilities at a position, "what is near?" for a point asked about, or a vulnerable object. */
type PopupState =
  | { kind: 'facilities'; facilities: MapFacility[]; position: LonLat }
  | { kind: 'point'; position: LonLat }
  | { kind: 'vulnerable'; object: VulnerablePoint; position: LonLat };

/**
 * /kart/{facilityId?}: every facility of the scope (or of the active search) on an offline
 * basemap, clustered; popups; gas pipelines; drawing with zones listing what lies inside. The map
 * comes from `createMap` (MapLibre in the app, a fake in tests); drawn shapes are kept under
 * `storageKey` (user:organisation).
 */
export function MapScreen(props: {
  facilityId: number | null;
  organisationNumber: string;
  storageKey: string;
  createMap: CreateMap;
}) {
  const { facilityId } = props;
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [popup, setPopup] = useState<PopupState | null>(null);
  const openFacilities = useCallback((facilities: MapFacility[]) => {
    const [first] = facilities;
    if (first) setPopup({ kind: 'facilities', facilities, position: [first.longitude, first.latitude] });
  }, []);
  const closePopup = useCallback(() => setPopup(null), []);
  const events = useMemo(
    () => ({
      onFacilities: openFacilities,
      onPointMenu: (position: LonLat) => setPopup({ kind: 'point', position }),
      onVulnerable: (object: VulnerablePoint) => setPopup({ kind: 'vulnerable', object, position: object.position }),
    }),
    [openFacilities],
  );

  const containerRef = useRef<HTMLDivElement>(null);
  const { map, failed, visible } = useMapView(props.createMap, containerRef, events);
  const facilities = useMapFacilities(map, props.organisationNumber, searchParams);
  const notInMap = useStartView(map, facilities.data, facilityId, openFacilities);
  const { drawing, state: drawn } = useDrawing(map, props.storageKey);
  const radius = useCircleRadius();
  // The safety zones of one facility: their form in the panel, the answer on the map.
  const [zonesFor, setZonesFor] = useState<number | null>(null);
  const openZones = useCallback((id: number) => {
    setPopup(null);
    setZonesFor(id);
  }, []);
  const [zoneOverlay, setZoneOverlay] = useState<AreaOverlay | null>(null);
  useMapAreas(map, containerRef, zoneOverlay);
  // The facility page's request waits for the start view's flight to the facility (then its popup opens).
  useSafetyZonesRequest(facilityId, popup !== null || notInMap, openZones);

  const drawCircle = (center: LonLat) => {
    const metres = radius.read();
    if (metres === null || !drawing) return;
    drawing.addCircle(center, metres);
    // The whole ring in view: around a facility at street zoom, a circle of a kilometre lies mostly outside it.
    map?.fitTo(boundsOf(circleRing(center, metres)));
  };
  const popupFacility = popup?.kind === 'facilities' && popup.facilities.length === 1 ? popup.facilities[0] : undefined;
  const { load } = facilities;

  return (
    <div className={classes.screen}>
      <div className={classes.header}>
        <Heading level={1} data-size="md">
          {t('map.heading')}
        </Heading>
        <LoadStatus load={load} onRetry={facilities.retry} />
      </div>
      {facilities.filtered && load.phase === 'ready' && <FilteredNotice count={load.count} searchParams={searchParams} />}
      {facilities.searchWithoutHits && (
        <Alert data-color="info" data-size="sm" className={classes.filtered}>
          <Paragraph data-size="sm">{t('map.filtered.noHits')}</Paragraph>
        </Alert>
      )}
      {failed && (
        <Alert data-color="danger" data-size="sm">
          {t('map.webglMissing')}
        </Alert>
      )}
      {notInMap && facilityId !== null && (
        <Alert data-color="warning" data-size="sm">
          {t('map.notInMap', { id: facilityId })}
        </Alert>
      )}
      <div className={classes.layout}>
        <div className={classes.mapFrame}>
          <MapCanvas
            ref={containerRef}
            className={classes.map}
            label={t('map.mapLabel')}
            description={t('map.mapDescription')}
            busy={load.phase !== 'ready' && load.phase !== 'failed'}
            testId="map"
          />
        </div>
        <aside className={classes.panel} aria-label={t('map.heading')}>
          {zonesFor !== null && (
            <ProtectiveZonesPanel
              key={zonesFor}
              organisationNumber={props.organisationNumber}
              facilityId={zonesFor}
              onOverlay={setZoneOverlay}
              onClose={() => setZonesFor(null)}
            />
          )}
          <DrawPanel drawing={drawing} state={drawn} radius={radius} onCircle={() => map && drawCircle(map.center())} />
          <ZonePanel
            organisationNumber={props.organisationNumber}
            shapes={drawn.shapes}
            selectedId={drawn.selectedId}
            onSelect={(id) => drawing?.select(id)}
            onZoomTo={(shape) => map?.fitTo(shapeBounds(shape))}
            onDelete={(id) => drawing?.remove(id)}
          />
          <LayersPanel map={map} organisationNumber={props.organisationNumber} />
          <VisibleFacilities visible={visible} map={map} data={facilities.data} onOpen={openFacilities} />
        </aside>
      </div>
      {popup && map && (
        <MapPopup map={map} position={popup.position} onClose={closePopup}>
          {popup.kind === 'facilities' ? (
            <FacilityPopup
              organisationNumber={props.organisationNumber}
              facilities={popup.facilities}
              onCircle={
                popupFacility
                  ? () => {
                      // The popup gives way to the circle it drew, which the user edits next.
                      closePopup();
                      drawCircle([popupFacility.longitude, popupFacility.latitude]);
                    }
                  : null
              }
              onSafetyZones={map ? (facility) => openZones(facility.id) : null}
            />
          ) : popup.kind === 'vulnerable' ? (
            <div className={classes.popup}>
              <VulnerablePopup object={popup.object} />
              <NearbyLink position={popup.position} />
            </div>
          ) : (
            <div className={classes.popup}>
              <NearbyLink position={popup.position} />
            </div>
          )}
        </MapPopup>
      )}
    </div>
  );
}

/** The map shows a search's facilities: how many, and the ways to all of them and back to the search. */
function FilteredNotice({ count, searchParams }: { count: number; searchParams: URLSearchParams }) {
  const { t } = useTranslation();
  return (
    <Alert data-color="info" data-size="sm" className={classes.filtered}>
      <Paragraph data-size="sm">{t('map.filtered.notice', { number: formatNumber(count) })}</Paragraph>
      <div className={classes.filteredActions}>
        <Link asChild>
          <RouterLink to={PATHS.map}>{t('map.filtered.showAll')}</RouterLink>
        </Link>
        <Link asChild>
          <RouterLink to={`${PATHS.search}?${searchParams.toString()}`}>{t('map.filtered.backToSearch')}</RouterLink>
        </Link>
      </div>
    </Alert>
  );
}
