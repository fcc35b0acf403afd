import { Skeleton } from '@digdir/designsystemet-react';
import { useTranslation } from 'react-i18next';
import classes from './facility.module.css';

const SECTIONS = [
  'information',
  'position',
  'majorAccident',
  'units',
  'substances',
  'inspections',
  'notifications',
  'accidents',
] as const;
const WIDE = new Set<string>(['substances', 'inspections', 'notifications', 'accidents']);

/** The screen's shape while the record loads: the real section headings over grey blocks. */
export function FacilitySkeleton() {
  const { t } = useTranslation();
  return (
    <div className={classes.sections} aria-busy="true" data-testid="facility-skeleton">
      <p role="status" className="visually-hidden">
        {t('facility.loading')}
      </p>
      {SECTIONS.map((section) => (
        <div key={section} className={WIDE.has(section) ? `${classes.section} ${classes.wide}` : classes.section} aria-hidden>
          <Skeleton variant="text" width="40%" />
          <div className={classes.skeletonBlock}>
            <Skeleton variant="text" width="90%" />
            <Skeleton variant="text" width="75%" />
            <Skeleton variant="rectangle" height={WIDE.has(section) ? '8rem' : '3rem'} />
          </div>
        </div>
      ))}
    </div>
  );
}
