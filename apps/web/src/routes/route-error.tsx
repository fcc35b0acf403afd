import { Alert, Button, Paragraph } from '@digdir/designsystemet-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Page } from '../components/page.tsx';

/** A route that failed to load or render (a stale chunk after a release...): a message and a way on, never a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Page narrow>
      <Alert data-color="danger">
        <Paragraph>{t('errors.UNEXPECTED_ERROR')}</Paragraph>
      </Alert>
      <div>
        <Button variant="secondary" onClick={() => location.reload()}>
          {t('auth.tryAgain')}
        </Button>
      </div>
    </Page>
  );
}
