import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { RetryPage } from '../components/retry-page.tsx';

/** A route that failed to load or render (a stale chunk after a release...): a message and a way on, never a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return <RetryPage message={t('errors.UNEXPECTED_ERROR')} onRetry={() => location.reload()} />;
}
