import { Heading, Paragraph, Spinner, Switch } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/number-format.ts';
import { mapQueries } from '../map-kit/map-queries.ts';
import { CLUSTER_COLOUR, GAS_STYLES, MAJOR_ACCIDENT_COLOURS } from '../map-kit/map-style.ts';
import type { MapView } from '../map-kit/map-view.ts';
import { vulnerableQueries } from '../map-kit/vulnerable-objects/vulnerable-api.ts';
import { VulnerableLegend, VulnerableNotLoaded } from '../map-kit/vulnerable-objects/vulnerable-objects.tsx';
import classes from './map-screen.module.css';

/**
 * The layers (gas pipelines: fetched ahead with the organisation, drawn the first time they are
 * shown; the vulnerable objects, fetched the first time they are shown) and the legend.
 */
export function LayersPanel({ map, organisationNumber }: { map: MapView | null; organisationNumber: string }) {
  const { t } = useTranslation();
  const [gasVisible, setGasVisible] = useState(false);
  const gasPipes = useQuery({ ...mapQueries.gasPipes(organisationNumber), enabled: gasVisible });
  useEffect(() => {
    if (map && gasPipes.data) void map.setGasPipes(gasPipes.data);
  }, [map, gasPipes.data]);
  useEffect(() => {
    void map?.setGasVisible(gasVisible);
  }, [map, gasVisible]);
  const [vulnerableVisible, setVulnerableVisible] = useState(false);
  const vulnerable = useQuery({ ...vulnerableQueries.layer(), enabled: vulnerableVisible });
  useEffect(() => {
    if (!map || !vulnerable.data) return;
    void map.setVulnerable(
      vulnerable.data.features.map(({ properties: p, geometry }) => ({
        kind: p.kind,
        name: p.name,
        address: p.address,
        capacity: p.capacity,
        position: geometry.coordinates,
      })),
    );
  }, [map, vulnerable.data]);
  useEffect(() => {
    void map?.setVulnerableVisible(vulnerableVisible);
  }, [map, vulnerableVisible]);

  return (
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
          {t('map.layers.gasCount', { number: formatNumber(gasPipes.data.features.length) })}
        </Paragraph>
      )}
      <Switch
        label={t('vulnerable.map.layer')}
        checked={vulnerableVisible}
        onChange={(event) => setVulnerableVisible(event.target.checked)}
        data-size="sm"
      />
      {vulnerableVisible && vulnerable.isPending && (
        <Paragraph data-size="sm" role="status">
          <Spinner aria-hidden data-size="xs" /> {t('vulnerable.map.loading')}
        </Paragraph>
      )}
      {vulnerableVisible &&
        vulnerable.data &&
        (vulnerable.data.layer === null ? (
          <VulnerableNotLoaded />
        ) : (
          <Paragraph data-size="sm" role="status">
            {t('vulnerable.map.count', { number: formatNumber(vulnerable.data.features.length) })}
          </Paragraph>
        ))}
      <Legend gas={gasVisible} />
      {vulnerableVisible && vulnerable.data?.layer && <VulnerableLegend />}
    </section>
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
