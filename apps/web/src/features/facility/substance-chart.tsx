import { Heading } from '@digdir/designsystemet-react';
import type { SubstanceGroupTotal } from '@fast/contracts';
import { useTranslation } from 'react-i18next';
import { chartSeries, formatQuantityWithUnit } from '../../components/facility-format.ts';
import { useLocalisedName } from '../../i18n/use-localised-name.ts';
import classes from './facility.module.css';

/**
 * The group totals as horizontal bars, one small chart per unit of measure. Every bar is a list
 * item with its group and value as text, so a screen reader reads it as a list; the bar itself
 * is decoration.
 */
export function SubstanceChart({ groups }: { groups: readonly SubstanceGroupTotal[] }) {
  const { t } = useTranslation();
  const localised = useLocalisedName();
  const series = chartSeries(groups);
  if (series.length === 0) return null;
  return (
    <div className={classes.chart} data-testid="substance-chart">
      <Heading level={3} data-size="2xs">
        {t('facility.substances.chartHeading')}
      </Heading>
      {series.map((s) => {
        const unit = t(`facility.quantityUnits.${s.unit}`);
        return (
          <figure key={s.unit} className={classes.chartSeries}>
            <figcaption>{t('facility.substances.chartUnit', { unit })}</figcaption>
            <ul className={classes.bars}>
              {s.bars.map((bar) => (
                <li key={bar.groupId} className={classes.bar}>
                  <span className={classes.barLabel}>{localised(bar.name, bar.nameNn)}</span>
                  <span aria-hidden className={classes.barTrack}>
                    <span className={classes.barFill} style={{ inlineSize: `${Math.round(bar.share * 100)}%` }} />
                  </span>
                  <span className={classes.barValue}>{formatQuantityWithUnit(bar.quantity, s.unit, t)}</span>
                </li>
              ))}
            </ul>
          </figure>
        );
      })}
    </div>
  );
}
