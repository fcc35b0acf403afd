import { Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import type { MapFacility } from '@fast/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/number-format.ts';
import type { ClusterFeature } from '../map-kit/facility-index.ts';
import type { MapData } from '../map-kit/map-data.ts';
import type { MapView } from '../map-kit/map-view.ts';
import classes from './map-screen.module.css';

const VISIBLE_LIST_LIMIT = 50;

/** The clusters and points in view as a list: what the map shows, for keyboards and screen readers. */
export function VisibleFacilities(props: {
  visible: ClusterFeature[];
  map: MapView | null;
  data: MapData | null;
  onOpen: (facilities: MapFacility[]) => void;
}) {
  const { t } = useTranslation();
  const count = (value: number) => formatNumber(value);
  const { visible } = props;
  const visibleCount = visible.reduce((sum, f) => sum + f.properties.count, 0);
  return (
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
                <Button variant="tertiary" data-size="sm" onClick={() => props.map?.zoomToCluster(feature)}>
                  {t('map.clusters.zoomTo', { number: count(feature.properties.count) })}
                </Button>
              ) : (
                <PointButton feature={feature} data={props.data} onOpen={props.onOpen} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
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
