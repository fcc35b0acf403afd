import { Alert, Switch } from '@digdir/designsystemet-react';
import { MAP_MAJOR_ACCIDENT_VALUES, type NearbyResponse, type VulnerableObject } from '@fast/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapCanvas } from '../map-kit/map-canvas.tsx';
import type { AreaOverlay, CreateMap } from '../map-kit/map-view.ts';
import { useMapAreas, useMapView } from '../map-kit/use-map-view.ts';
import { VulnerableLegend } from '../map-kit/vulnerable-objects/vulnerable-objects.tsx';
import classes from './incident-screen.module.css';

/**
 * The incident on the map (the map screen's controller, not a copy of its screen): the point, the
 * ring of the radius and the facilities inside styled as on the map. The highlighted facility
 * (the hovered row) is ringed; hovering or tapping a marker highlights its row. A facility's safety
 * zones (`areas`) are drawn over the ring, and the view fits them. The vulnerable objects inside the
 * radius have their own symbols, shown until the switch below the map hides them.
 */
export function IncidentMap(props: {
  createMap: CreateMap;
  nearby: NearbyResponse | null;
  areas: AreaOverlay | null;
  /** The schools, kindergartens, care homes and hospitals inside the radius; null while not known. */
  vulnerable: readonly VulnerableObject[] | null;
  highlighted: number | null;
  onHighlight: (facilityId: number | null) => void;
}) {
  const { t } = useTranslation();
  const { nearby, highlighted, onHighlight } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const events = useMemo(() => ({ onHighlight }), [onHighlight]);
  const { map, failed } = useMapView(props.createMap, containerRef, events);

  useEffect(() => {
    if (!map) return;
    const container = containerRef.current;
    container?.removeAttribute('data-incident');
    void map
      .setIncident(
        nearby && {
          center: [nearby.center.longitude, nearby.center.latitude],
          radiusMeters: nearby.radiusMeters,
          facilities: nearby.facilities.map((f) => ({
            id: f.id,
            position: [f.longitude, f.latitude],
            level: MAP_MAJOR_ACCIDENT_VALUES.indexOf(f.majorAccident),
            explosives: f.explosives,
          })),
        },
      )
      .then(() => {
        // For tests and the print preview: this incident is on the map.
        if (nearby) container?.setAttribute('data-incident', 'drawn');
      });
  }, [map, nearby]);

  useEffect(() => map?.highlightFacility(highlighted), [map, highlighted]);
  useMapAreas(map, containerRef, props.areas);

  const [showVulnerable, setShowVulnerable] = useState(true);
  const { vulnerable } = props;
  useEffect(() => {
    if (!map) return;
    const container = containerRef.current;
    container?.removeAttribute('data-vulnerable');
    let current = true;
    const points = (vulnerable ?? []).map((o) => ({
      kind: o.kind,
      name: o.name,
      address: o.address,
      capacity: o.capacity,
      position: [o.longitude, o.latitude] as [number, number],
    }));
    void map.setVulnerable(points).then(() => {
      // For tests and screenshots: how many objects are on the map.
      if (current && vulnerable) container?.setAttribute('data-vulnerable', String(points.length));
    });
    return () => {
      current = false;
    };
  }, [map, vulnerable]);
  useEffect(() => {
    void map?.setVulnerableVisible(showVulnerable);
  }, [map, showVulnerable]);

  return (
    <div className={classes.mapFrame}>
      {failed && (
        <Alert data-color="danger" data-size="sm">
          {t('map.webglMissing')}
        </Alert>
      )}
      <MapCanvas
        ref={containerRef}
        className={classes.map}
        label={t('incident.map.label')}
        description={t('incident.map.description')}
        testId="incident-map"
      />
      {vulnerable !== null && vulnerable.length > 0 && (
        <div className={classes.mapLayers}>
          <div className={classes.noPrint}>
            <Switch
              label={t('vulnerable.map.show')}
              checked={showVulnerable}
              onChange={(event) => setShowVulnerable(event.target.checked)}
              data-size="sm"
            />
          </div>
          {showVulnerable && <VulnerableLegend />}
        </div>
      )}
    </div>
  );
}
