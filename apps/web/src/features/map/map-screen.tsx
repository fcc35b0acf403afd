import { Alert, Button, Heading, Link, Paragraph, Spinner, Switch, Textfield } from '@digdir/designsystemet-react';
import { MAP_ZONE_MAX_RADIUS_METRES, type MapFacility, type SearchFilterPayload } from '@fast/contracts';
import { useQuery } from '@tanstack/react-query';
import 'maplibre-gl/dist/maplibre-gl.css';
import { Popup } from 'maplibre-gl';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { TerraDraw } from 'terra-draw';
import { platformQueries } from '../../api/platform-queries.ts';
import { PATHS } from '../../config/constants.ts';
import { useStore } from '../../lib/store.ts';
import { searchPayloadFromParams } from '../search/search-url.ts';
import { toast } from '../toasts/toast-store.ts';
import { DRAW_TOOLS, type DrawingLibrary, type DrawTool, type Shape } from './draw-tools.ts';
import type { ClusterFeature } from './facility-index.ts';
import { FacilityPopup } from './facility-popup.tsx';
import { boundsOf, type LonLat } from './geometry.ts';
import { MapController } from './map-controller.ts';
import type { MapData } from './map-data.ts';
import { formatCount } from './map-format.ts';
import { MAP_MARKS, mapFetchProgress, mapQueries } from './map-queries.ts';
import classes from './map-screen.module.css';
import { CLUSTER_COLOUR, GAS_STYLES, MAJOR_ACCIDENT_COLOURS, offlineBasemapStyle } from './map-style.ts';
import { ZonePanel } from './zone-panel.tsx';

type LoadState =
  | { phase: 'fetching'; loaded: number; total: number | null }
  | { phase: 'drawing'; total: number }
  | { phase: 'ready'; count: number }
  | { phase: 'failed' };

interface PopupState {
  facilities: MapFacility[];
  position: LonLat;
}

const VISIBLE_LIST_LIMIT = 50;

/**
 * /kart/{facilityId?}: every facility of the scope (or of the active search) on an offline
 * basemap, clustered; popups; gas pipelines; drawing with zones listing what lies inside.
 */
export function MapScreen({
  facilityId,
  organisationNumber,
  username,
}: {
  facilityId: number | null;
  organisationNumber: string;
  username: string;
}) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => formatCount(value, i18n.language);
  const [searchParams] = useSearchParams();
  const filter: SearchFilterPayload | null = useMemo(() => searchPayloadFromParams(searchParams), [searchParams]);
  const config = useQuery(platformQueries.frontendConfig());
  const styleReady = config.isSuccess || config.isError;
  const mapStyleUrl = config.data?.mapStyleUrl ?? null;

  const containerRef = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<MapController | null>(null);
  const [index, setIndex] = useState<MapData | null>(null);
  const [painted, setPainted] = useState<MapData | null>(null);
  const [visible, setVisible] = useState<ClusterFeature[]>([]);
  const [popup, setPopup] = useState<PopupState | null>(null);
  const popupNode = useMemo(() => document.createElement('div'), []);
  const popupRef = useRef<Popup | null>(null);
  const indexRef = useRef<MapData | null>(null);
  const [gasVisible, setGasVisible] = useState(false);
  const [draw, setDraw] = useState<TerraDraw | null>(null);
  // Set before `draw`: whenever there is a draw, its library is here.
  const drawing = useRef<DrawingLibrary | null>(null);
  const [tool, setTool] = useState<DrawTool | null>(null);
  const [shapes, setShapes] = useState<Shape[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [radius, setRadius] = useState('1000');
  const [radiusError, setRadiusError] = useState<string | null>(null);
  const [mapFailed, setMapFailed] = useState(false);

  const openFacilities = useCallback((facilities: MapFacility[]) => {
    const [first] = facilities;
    if (first) setPopup({ facilities, position: [first.longitude, first.latitude] });
  }, []);

  // The map itself: created once the configuration says which basemap to use. Its control labels
  // are set once; a language change relabels the panels, not the map's own controls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: t is read once, at creation
  useEffect(() => {
    const container = containerRef.current;
    if (!container || !styleReady) return;
    let created: MapController | null = null;
    const createController = (element: HTMLElement): MapController =>
      new MapController(
        element,
        mapStyleUrl ?? offlineBasemapStyle(),
        {
          title: t('map.mapLabel'),
          zoomIn: t('map.controls.zoomIn'),
          zoomOut: t('map.controls.zoomOut'),
          resetBearing: t('map.controls.resetBearing'),
          closePopup: t('map.popup.close'),
          home: t('map.controls.home'),
        },
        {
          onFeatureClick: (feature) => {
            const current = indexRef.current;
            if (!current) return;
            if (feature.properties.cluster) void created?.zoomToCluster(feature);
            else void current.samePosition(feature.properties.ref).then(openFacilities);
          },
          onView: setVisible,
          onHome: () => created?.fitTo(indexRef.current?.bounds ?? null),
        },
      );
    let map: MapController;
    try {
      map = createController(container);
    } catch {
      // No WebGL (hardware acceleration off, or a very old browser): say so instead of failing.
      setMapFailed(true);
      return;
    }
    created = map;
    setController(map);
    let cancelled = false;
    map.whenLoaded().then(async () => {
      const library = await import('./drawing.ts');
      if (cancelled) return;
      const instance = library.createDraw(map.map);
      instance.start();
      library.loadStoredShapes(instance, username);
      drawing.current = library;
      setDraw(instance);
      setShapes(library.shapesOf(instance));
    });
    return () => {
      cancelled = true;
      setDraw(null);
      setController(null);
      map.destroy();
    };
  }, [styleReady, mapStyleUrl, username, openFacilities]);

  // The facilities: every page of the scope (fetched ahead when the organisation was chosen), or
  // the search's facilities; then clustered and painted.
  const all = useQuery({ ...mapQueries.facilities(organisationNumber), enabled: filter === null });
  const filtered = useQuery(mapQueries.filtered(organisationNumber, filter));
  const facilities = filter ? filtered : all;
  const progress = useStore(mapFetchProgress);
  useEffect(() => {
    const data = facilities.data;
    if (!controller || !data) return;
    let cancelled = false;
    setPainted(null);
    indexRef.current = data;
    setIndex(data);
    void controller.setData(data).then(() => {
      if (cancelled) return;
      performance.mark(MAP_MARKS.painted);
      setPainted(data);
    });
    return () => {
      cancelled = true;
    };
  }, [controller, facilities.data]);
  // A failed refresh keeps the facilities already drawn (the failure itself is a toast).
  const load: LoadState = !facilities.data
    ? facilities.isError
      ? { phase: 'failed' }
      : !filter && progress && progress.loaded === progress.total
        ? { phase: 'drawing', total: progress.total }
        : { phase: 'fetching', loaded: filter ? 0 : (progress?.loaded ?? 0), total: filter ? null : (progress?.total ?? null) }
    : painted === null || painted !== index
      ? { phase: 'drawing', total: facilities.data.size }
      : { phase: 'ready', count: painted.size };

  // Where the map starts: the route's facility (flown to, popup open), else all facilities.
  const [notInMap, setNotInMap] = useState(false);
  useEffect(() => {
    if (!controller || !index) return;
    setNotInMap(false);
    if (facilityId === null) {
      controller.fitTo(index.bounds, false);
      return;
    }
    let cancelled = false;
    void index.samePosition(facilityId).then((facilities) => {
      if (cancelled) return;
      const facility = facilities.find((f) => f.id === facilityId);
      if (!facility) {
        setNotInMap(true);
        controller.fitTo(index.bounds, false);
        return;
      }
      void controller.flyTo([facility.longitude, facility.latitude]).then(() => openFacilities(facilities));
    });
    return () => {
      cancelled = true;
    };
  }, [controller, index, facilityId, openFacilities]);

  // The popup: a MapLibre popup whose content React renders through a portal.
  useEffect(() => {
    popupRef.current?.remove();
    popupRef.current = null;
    if (!controller || !popup) return;
    const created = new Popup({ maxWidth: 'min(22rem, 80vw)', focusAfterOpen: true, closeOnClick: true })
      .setLngLat(popup.position)
      .setDOMContent(popupNode)
      .addTo(controller.map);
    created.on('close', () => {
      if (popupRef.current === created) setPopup(null);
    });
    popupRef.current = created;
  }, [controller, popup, popupNode]);

  // Gas pipelines: fetched ahead with the organisation, drawn the first time the layer is shown.
  const gasPipes = useQuery({ ...mapQueries.gasPipes(organisationNumber), enabled: gasVisible });
  useEffect(() => {
    if (controller && gasPipes.data) controller.setGasPipes(gasPipes.data);
  }, [controller, gasPipes.data]);
  useEffect(() => {
    controller?.setGasVisible(gasVisible);
  }, [controller, gasVisible]);

  // Drawing: the shapes are read back after each change, kept per user, and listed in the panel.
  useEffect(() => {
    const library = drawing.current;
    if (!draw || !library) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        setShapes(library.shapesOf(draw));
        library.storeShapes(draw, username);
      }, 120);
    };
    const handleSelect = (id: string | number) => setSelectedId(String(id));
    const handleDeselect = () => setSelectedId(null);
    draw.on('change', refresh);
    draw.on('finish', refresh);
    draw.on('select', handleSelect);
    draw.on('deselect', handleDeselect);
    return () => {
      clearTimeout(timer);
      draw.off('change', refresh);
      draw.off('finish', refresh);
      draw.off('select', handleSelect);
      draw.off('deselect', handleDeselect);
    };
  }, [draw, username]);

  const chooseTool = (next: DrawTool) => {
    const library = drawing.current;
    if (!draw || !library) return;
    const active = tool === next ? null : next;
    draw.setMode(active ? library.modeOf(active) : 'static');
    setTool(active);
  };

  const readRadius = (): number | null => {
    const value = Number(radius.replace(/\s/g, '').replace(',', '.'));
    if (!Number.isFinite(value) || value < 1 || value > MAP_ZONE_MAX_RADIUS_METRES) {
      setRadiusError(t('map.draw.invalidRadius'));
      return null;
    }
    setRadiusError(null);
    return value;
  };

  const drawCircle = (center: LonLat) => {
    const metres = readRadius();
    const library = drawing.current;
    if (!draw || !library || metres === null) return;
    const id = library.addCircle(draw, center, metres);
    if (!id) return;
    setShapes(library.shapesOf(draw));
    library.storeShapes(draw, username);
  };

  const handleCircleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (controller) drawCircle(controller.center());
  };

  const selectShape = (id: string) => {
    if (!draw) return;
    if (draw.getMode() !== 'select') {
      draw.setMode('select');
      setTool('select');
    }
    draw.selectFeature(id);
    setSelectedId(id);
  };

  const deleteShape = (id: string) => {
    const library = drawing.current;
    if (!draw || !library) return;
    if (selectedId === id) setSelectedId(null);
    draw.removeFeatures([id]);
    setShapes(library.shapesOf(draw));
    library.storeShapes(draw, username);
  };

  const deleteAll = () => {
    const library = drawing.current;
    if (!draw || !library) return;
    draw.clear();
    setSelectedId(null);
    setShapes([]);
    library.storeShapes(draw, username);
    toast.positive({ key: 'map.draw.deletedAll' });
  };

  const zoomToShape = (shape: Shape) => {
    const coordinates =
      shape.geometry.type === 'Point'
        ? [shape.geometry.coordinates as LonLat]
        : shape.geometry.type === 'LineString'
          ? (shape.geometry.coordinates as LonLat[])
          : ((shape.geometry.coordinates as LonLat[][])[0] ?? []);
    controller?.fitTo(boundsOf(coordinates));
  };

  const popupFacility = popup?.facilities.length === 1 ? popup.facilities[0] : undefined;
  const visibleCount = visible.reduce((sum, f) => sum + f.properties.count, 0);

  return (
    <div className={classes.screen}>
      <div className={classes.header}>
        <Heading level={1} data-size="md">
          {t('map.heading')}
        </Heading>
        <LoadStatus load={load} onRetry={() => void facilities.refetch()} />
      </div>
      {filter && load.phase === 'ready' && (
        <Alert data-color="info" data-size="sm" className={classes.filtered}>
          <Paragraph data-size="sm">{t('map.filtered.notice', { number: count(load.count) })}</Paragraph>
          <div className={classes.filteredActions}>
            <Link asChild>
              <RouterLink to={PATHS.map}>{t('map.filtered.showAll')}</RouterLink>
            </Link>
            <Link asChild>
              <RouterLink to={`${PATHS.search}?${searchParams.toString()}`}>{t('map.filtered.backToSearch')}</RouterLink>
            </Link>
          </div>
        </Alert>
      )}
      {mapFailed && (
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
          <div
            ref={containerRef}
            className={classes.map}
            role="application"
            aria-label={t('map.mapLabel')}
            aria-describedby="map-description"
            aria-busy={load.phase !== 'ready' && load.phase !== 'failed'}
            data-testid="map"
          />
          <p id="map-description" className={classes.visuallyHidden}>
            {t('map.mapDescription')}
          </p>
        </div>
        <aside className={classes.panel} aria-label={t('map.heading')}>
          <section className={classes.panelSection} aria-labelledby="map-draw-heading">
            <Heading level={2} data-size="xs" id="map-draw-heading">
              {t('map.draw.heading')}
            </Heading>
            <div className={classes.tools} role="toolbar" aria-label={t('map.draw.toolbar')}>
              {DRAW_TOOLS.map((name) => (
                <Button
                  key={name}
                  data-size="sm"
                  variant={tool === name ? 'primary' : 'secondary'}
                  aria-pressed={tool === name}
                  disabled={!draw}
                  onClick={() => chooseTool(name)}
                >
                  {t(`map.draw.tools.${name}`)}
                </Button>
              ))}
            </div>
            {tool && (
              <Paragraph data-size="sm" className={classes.muted} role="status">
                {t(`map.draw.hints.${tool}`)}
              </Paragraph>
            )}
            <form className={classes.circleForm} onSubmit={handleCircleSubmit} aria-labelledby="map-circle-heading">
              <Heading level={3} data-size="2xs" id="map-circle-heading">
                {t('map.draw.exactCircle')}
              </Heading>
              <Textfield
                label={t('map.draw.radius')}
                inputMode="decimal"
                value={radius}
                onChange={(event) => setRadius(event.target.value)}
                error={radiusError ?? undefined}
                data-size="sm"
                description={t('map.draw.centerHelp')}
              />
              <Button type="submit" data-size="sm" variant="secondary" disabled={!draw}>
                {t('map.draw.addCircle')}
              </Button>
            </form>
            <div className={classes.tools}>
              <Button
                data-size="sm"
                variant="tertiary"
                disabled={!draw || selectedId === null}
                onClick={() => selectedId && deleteShape(selectedId)}
              >
                {t('map.draw.deleteSelected')}
              </Button>
              <Button
                data-size="sm"
                variant="tertiary"
                data-color="danger"
                disabled={!draw || shapes.length === 0}
                onClick={deleteAll}
              >
                {t('map.draw.deleteAll')}
              </Button>
            </div>
          </section>
          <ZonePanel
            shapes={shapes}
            selectedId={selectedId}
            onSelect={selectShape}
            onZoomTo={zoomToShape}
            onDelete={deleteShape}
          />
          <section className={classes.panelSection} aria-labelledby="map-layers-heading">
            <Heading level={2} data-size="xs" id="map-layers-heading">
              {t('map.layers.heading')}
            </Heading>
            <Switch
              label={t('map.layers.gasPipes')}
              checked={gasVisible}
              onChange={(event) => setGasVisible(event.target.checked)}
              data-size="sm"
            />
            {gasVisible && gasPipes.isPending && (
              <Paragraph data-size="sm" role="status">
                <Spinner aria-hidden data-size="xs" /> {t('map.layers.gasLoading')}
              </Paragraph>
            )}
            {gasVisible && gasPipes.data && (
              <Paragraph data-size="sm" role="status">
                {t('map.layers.gasCount', { number: count(gasPipes.data.features.length) })}
              </Paragraph>
            )}
            <Legend gas={gasVisible} />
          </section>
          <section className={classes.panelSection} aria-labelledby="map-clusters-heading">
            <Heading level={2} data-size="xs" id="map-clusters-heading">
              {t('map.clusters.heading')}
            </Heading>
            <Paragraph data-size="sm" data-testid="visible-summary">
              {t('map.clusters.summary', { facilities: count(visibleCount), clusters: count(visible.length) })}
            </Paragraph>
            {visible.length > VISIBLE_LIST_LIMIT ? (
              <Paragraph data-size="sm">{t('map.clusters.tooMany')}</Paragraph>
            ) : (
              <ul className={classes.clusterList} data-testid="visible-list">
                {visible.map((feature) => (
                  <li key={feature.id} data-count={feature.properties.count}>
                    {feature.properties.cluster ? (
                      <Button variant="tertiary" data-size="sm" onClick={() => controller?.zoomToCluster(feature)}>
                        {t('map.clusters.zoomTo', { number: count(feature.properties.count) })}
                      </Button>
                    ) : (
                      <PointButton feature={feature} data={index} onOpen={openFacilities} />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </aside>
      </div>
      {popup &&
        createPortal(
          <FacilityPopup
            facilities={popup.facilities}
            onCircle={popupFacility ? () => drawCircle([popupFacility.longitude, popupFacility.latitude]) : null}
          />,
          popupNode,
        )}
    </div>
  );
}

function PointButton(props: { feature: ClusterFeature; data: MapData | null; onOpen: (facilities: MapFacility[]) => void }) {
  const { t } = useTranslation();
  const { count, name, ref } = props.feature.properties;
  const label = count > 1 ? t('map.popup.samePosition', { count }) : (name ?? t('map.popup.unnamed'));
  return (
    <Button variant="tertiary" data-size="sm" onClick={() => void props.data?.samePosition(ref).then(props.onOpen)}>
      {label}
    </Button>
  );
}

function LoadStatus({ load, onRetry }: { load: LoadState; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => formatCount(value, i18n.language);
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

function Legend({ gas }: { gas: boolean }) {
  const { t } = useTranslation();
  const swatch = (colour: string) => ({ backgroundColor: colour });
  return (
    <div className={classes.legend}>
      <Heading level={3} data-size="2xs">
        {t('map.legend.heading')}
      </Heading>
      <ul>
        <li>
          <span className={classes.clusterSwatch} style={swatch(CLUSTER_COLOUR)} aria-hidden /> {t('map.legend.cluster')}
        </li>
        {(['NOT_AFFECTED', 'PARAGRAPH_SIX', 'PARAGRAPH_NINE'] as const).map((value, level) => (
          <li key={value}>
            <span className={classes.pointSwatch} style={swatch(MAJOR_ACCIDENT_COLOURS[level] as string)} aria-hidden />{' '}
            {t(`map.majorAccident.${value}`)}
          </li>
        ))}
        <li>
          <span
            className={`${classes.pointSwatch} ${classes.explosivesSwatch}`}
            style={swatch(MAJOR_ACCIDENT_COLOURS[0])}
            aria-hidden
          />{' '}
          {t('map.legend.explosives')}
        </li>
        {gas &&
          (['HIGH', 'MEDIUM', 'LOW'] as const).map((pressure) => (
            <li key={pressure}>
              <svg className={classes.lineSwatch} viewBox="0 0 32 8" aria-hidden>
                <line
                  x1="2"
                  y1="4"
                  x2="30"
                  y2="4"
                  stroke={GAS_STYLES[pressure].colour}
                  strokeWidth={GAS_STYLES[pressure].width}
                  strokeLinecap="round"
                  strokeDasharray={GAS_STYLES[pressure].dash?.map((d) => d * GAS_STYLES[pressure].width).join(' ')}
                />
              </svg>{' '}
              {t(`map.legend.gas${pressure}`)}
            </li>
          ))}
      </ul>
    </div>
  );
}
