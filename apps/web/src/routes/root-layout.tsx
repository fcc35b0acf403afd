import { SkipLink } from '@digdir/designsystemet-react';
import { useTranslation } from 'react-i18next';
import { AppShell } from '../features/layout/app-shell.tsx';
import { Footer } from '../features/layout/footer.tsx';
import { Header } from '../features/layout/header.tsx';
import { ProgressIndicator } from '../features/layout/progress-indicator.tsx';
import { StatusMessageBanner } from '../features/status-messages/status-message-banner.tsx';
import { Toaster } from '../features/toasts/toaster.tsx';
import { DocumentTitle } from './document-title.tsx';
import classes from './root-layout.module.css';

export function RootLayout() {
  const { t } = useTranslation();
  return (
    <div className={classes.layout}>
      <SkipLink href="#main">{t('app.skipToContent')}</SkipLink>
      <ProgressIndicator />
      <Header />
      <main id="main" tabIndex={-1} className={classes.main}>
        <StatusMessageBanner />
        <AppShell />
      </main>
      <Footer />
      <Toaster />
      <DocumentTitle />
    </div>
  );
}
