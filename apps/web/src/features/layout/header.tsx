import { Button } from '@digdir/designsystemet-react';
import { ExclamationmarkTriangleIcon } from '@navikt/aksel-icons';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { PATHS } from '../../config/constants.ts';
import { useRouteHandle } from '../../routes/route-handle.ts';
import { AuthMenu } from '../auth/auth-menu.tsx';
import { useAuthState } from '../auth/auth-store.ts';
import { HelpDialog } from '../help/help-dialog.tsx';
import { LanguageMenu } from '../language/language-menu.tsx';
import classes from './header.module.css';
import { Logo } from './logo.tsx';

function Brand() {
  const { t } = useTranslation();
  return (
    <>
      <Logo className={classes.logo} />
      <span className={classes.title}>
        <span className={classes.titleLong}>{t('app.title')}</span>
        <span className={classes.titleShort}>{t('app.shortTitle')}</span>
      </span>
    </>
  );
}

/** The 75 px top bar: logo and title (a link to landing when not there), help, language, user. */
export function Header() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const auth = useAuthState();
  const onLanding = pathname === PATHS.landing;
  const showHelp = auth.status === 'authenticated' && handle?.help !== undefined;

  return (
    <header className={classes.header}>
      {onLanding ? (
        <div className={classes.brand}>
          <Brand />
        </div>
      ) : (
        <RouterLink to={PATHS.landing} className={classes.brand} aria-label={t('header.homeLink')}>
          <Brand />
        </RouterLink>
      )}
      <div className={classes.tools}>
        {auth.status === 'authenticated' && pathname !== PATHS.incident && (
          // The incident lookup is one step from every screen: a call comes in whatever is open.
          <Button asChild variant="tertiary" data-size="sm">
            <RouterLink to={PATHS.incident}>
              <ExclamationmarkTriangleIcon aria-hidden />
              <span className={classes.incidentText}>{t('header.incident')}</span>
            </RouterLink>
          </Button>
        )}
        {showHelp && handle?.help && <HelpDialog page={handle.help} />}
        <LanguageMenu />
        <AuthMenu />
      </div>
    </header>
  );
}
