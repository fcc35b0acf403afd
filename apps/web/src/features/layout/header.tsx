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
        {showHelp && handle?.help && <HelpDialog page={handle.help} />}
        <LanguageMenu />
        <AuthMenu />
      </div>
    </header>
  );
}
