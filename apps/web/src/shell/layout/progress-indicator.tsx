import { useTranslation } from 'react-i18next';
import { useAnyRequestInFlight } from '../../api/in-flight.ts';
import classes from './progress-indicator.module.css';

/** The global progress indicator: a thin bar along the top while any request is in flight. */
export function ProgressIndicator() {
  const { t } = useTranslation();
  const active = useAnyRequestInFlight();
  if (!active) return null;
  return <div role="progressbar" aria-label={t('header.loading')} className={classes.bar} />;
}
