import { Alert } from '@digdir/designsystemet-react';
import { MAP_MAJOR_ACCIDENT_VALUES, type NearbyResponse } from '@fast/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MapCanvas } from '../map-kit/map-canvas.tsx';
import type { AreaOverlay, CreateMap } from '../map-kit/map-view.ts';
import { useMapAreas, useMapView } from '../map-kit/use-map-view.ts';
import classes from './incident-screen.module.css';

/**
 * The incident on the map (the map screen's controller, not a copy of its screen): the point, the
 * ring of the radius and the facilities inside styled as on the map. The highlighted facility
 * (the hovered row) is ringed; hovering or tapping a marker highlights its row. A facility's safety
 * zones (`areas`) are drawn over the ring, and the view fits them.
 */
export function IncidentMap(props: {
  createMap: CreateMap;
  nearby: NearbyResponse | null;
  areas: AreaOverlay | null;
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
    </div>
  );
}
