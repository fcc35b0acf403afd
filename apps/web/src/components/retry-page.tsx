import { Alert, Button, Paragraph } from '@digdir/designsystemet-react';
import { useTranslation } from 'react-i18next';
import { Page } from './page.tsx';

/** A screen that could not be shown: what went wrong and a way to try again, never a blank page. */
export function RetryPage({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Page narrow>
      <Alert data-color="danger">
        <Paragraph>{message}</Paragraph>
      </Alert>
      <div>
        <Button variant="secondary" onClick={onRetry}>
          {t('auth.tryAgain')}
        </Button>
      </div>
    </Page>
  );
}
