import { Alert, Heading, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { platformQueries } from '../../api/platform-queries.ts';
import { Page } from '../../components/page.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { RetryPage } from '../../components/retry-page.tsx';
import { useAuthState } from '../auth/auth-store.ts';
import { NotAuthenticatedCard } from '../auth/not-authenticated-card.tsx';
import { SigningInView } from '../auth/signing-in-view.tsx';
import { TermsDialog } from '../terms/terms-dialog.tsx';

function TermsGate() {
  const { t } = useTranslation();
  const terms = useQuery(platformQueries.termsStatus());
  if (terms.isPending) return <PageLoading text="terms.loading" />;
  if (terms.isError) {
    return <RetryPage message={t('errors.UNEXPECTED_ERROR')} onRetry={() => void terms.refetch()} />;
  }
  if (!terms.data.hasAccepted) return <TermsDialog />;
  return <Outlet />;
}

/**
 * The shell rule of the specification: the routed view only when signed in and the terms are
 * accepted; the sign-in view while signing in; the terms dialog when they are neither accepted
 * nor loading. Every other state has its own message: never a blank page.
 */
export function AppShell() {
  const { t } = useTranslation();
  const auth = useAuthState();
  switch (auth.status) {
    case 'initialising':
    case 'signing-in':
      return <SigningInView />;
    case 'authenticated':
      return <TermsGate />;
    case 'signed-out':
      return (
        <Page narrow>
          <NotAuthenticatedCard signedOut />
        </Page>
      );
    case 'failed':
      return (
        <Page narrow>
          <Alert data-color="danger">
            <Heading level={2} data-size="xs">
              {t('errors.FAILED_AUTHENTICATION')}
            </Heading>
            {(auth.error || auth.description) && (
              <Paragraph>
                {t('auth.providerError', { description: [auth.error, auth.description].filter(Boolean).join(': ') })}
              </Paragraph>
            )}
          </Alert>
          <NotAuthenticatedCard />
        </Page>
      );
    case 'config-error':
      return <RetryPage message={t('auth.configError')} onRetry={() => location.reload()} />;
  }
}
