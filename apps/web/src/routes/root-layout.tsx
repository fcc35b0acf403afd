import { SkipLink } from '@digdir/designsystemet-react';
import { useTranslation } from 'react-i18next';
import { AppShell } from '../shell/layout/app-shell.tsx';
import { Footer } from '../shell/layout/footer.tsx';
import { Header } from '../shell/layout/header.tsx';
import { ProgressIndicator } from '../shell/layout/progress-indicator.tsx';
import { StatusMessageBanner } from '../shell/status-messages/status-message-banner.tsx';
import { Toaster } from '../shell/toasts/toaster.tsx';
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
