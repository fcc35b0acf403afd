import { Heading, Paragraph } from '@digdir/designsystemet-react';
import type { FacilityDetail, UtmCoordinate } from '@fast/contracts';
import { useTranslation } from 'react-i18next';
import { formatDegrees, formatMetres } from '../../../components/facility-format.ts';
import classes from '../facility.module.css';
import { Fact, Section } from '../section.tsx';

function Utm(props: { heading: string; coordinate: UtmCoordinate }) {
  const { t } = useTranslation();
  return (
    <div className={classes.coordinate}>
      <Heading level={3} data-size="2xs">
        {props.heading}
      </Heading>
      <dl className={classes.facts}>
        <Fact term={t('facility.position.north')} empty="">
          <span className={classes.numeric}>
            {t('facility.position.metres', { value: formatMetres(props.coordinate.north) })}
          </span>
        </Fact>
        <Fact term={t('facility.position.east')} empty="">
          <span className={classes.numeric}>{t('facility.position.metres', { value: formatMetres(props.coordinate.east) })}</span>
        </Fact>
      </dl>
    </div>
  );
}

/** Geo position: local UTM (zone by county, localUtmZone), EUREF89 UTM33, WGS84 decimal, and how exact it is. */
export function PositionSection({ facility }: { facility: FacilityDetail }) {
  const { t } = useTranslation();
  const position = facility.position;
  return (
    <Section id="position" heading={t('facility.position.heading')}>
      {position ? (
        <div className={classes.coordinates}>
          <Utm
            heading={t('facility.position.localUtm', { zone: String(position.localUtm.zone) })}
            coordinate={position.localUtm}
          />
          <Utm heading={t('facility.position.euref89')} coordinate={position.euref89Utm33} />
          <div className={classes.coordinate}>
            <Heading level={3} data-size="2xs">
              {t('facility.position.wgs84')}
            </Heading>
            <dl className={classes.facts}>
              <Fact term={t('facility.position.latitude')} empty="">
                <span className={classes.numeric}>{formatDegrees(position.wgs84.lat)}</span>
              </Fact>
              <Fact term={t('facility.position.longitude')} empty="">
                <span className={classes.numeric}>{formatDegrees(position.wgs84.lon)}</span>
              </Fact>
            </dl>
          </div>
        </div>
      ) : (
        <Paragraph className={classes.muted}>{t('facility.position.none')}</Paragraph>
      )}
      <dl className={classes.facts}>
        <Fact term={t('facility.position.accuracy')} empty="">
          {t(`facility.position.accuracyValues.${facility.positionAccuracy}`)}
        </Fact>
      </dl>
    </Section>
  );
}
