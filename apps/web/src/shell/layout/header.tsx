import { Button } from '@digdir/designsystemet-react';
import { ExclamationmarkTriangleIcon, LocationPinIcon, MagnifyingGlassIcon } from '@navikt/aksel-icons';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Link as RouterLink, useLocation } from 'react-router';
import { PATHS } from '../../config/constants.ts';
import { useRouteHandle } from '../../routes/route-handle.ts';
import { useAuthState } from '../auth/auth-store.ts';
import { HelpDialog } from '../help/help-dialog.tsx';
import { LanguageMenu } from '../language/language-menu.tsx';
import { useSelectedOrganisation } from '../organisation/organisation-store.ts';
import { AuthMenu } from './auth-menu.tsx';
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

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/** The screens a call may need from anywhere: search, map and incident (the current one marked, aria-current). */
const SCREENS: readonly { to: string; label: 'header.search' | 'header.map' | 'header.incident'; Icon: Icon }[] = [
  { to: PATHS.search, label: 'header.search', Icon: MagnifyingGlassIcon },
  { to: PATHS.map, label: 'header.map', Icon: LocationPinIcon },
  // The incident lookup is one step from every screen: a call comes in whatever is open.
  { to: PATHS.incident, label: 'header.incident', Icon: ExclamationmarkTriangleIcon },
];

/** Links to the screens; below 600 px each keeps its icon and its text for screen readers only. */
function ScreenLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('header.screens')}>
      <ul className={classes.screens}>
        {SCREENS.map(({ to, label, Icon }) => (
          <li key={to}>
            <Button asChild variant="tertiary" data-size="sm">
              <NavLink to={to} className={classes.screenLink}>
                <Icon aria-hidden />
                <span className={classes.screenText}>{t(label)}</span>
              </NavLink>
            </Button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The 75 px top bar: logo and title (a link to landing when not there), the screens (once an
 * organisation is chosen: every screen's data is the organisation's), help, language, user.
 */
export function Header() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const auth = useAuthState();
  const organisation = useSelectedOrganisation();
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
        {auth.status === 'authenticated' && organisation && <ScreenLinks />}
        {showHelp && handle?.help && <HelpDialog page={handle.help} />}
        <LanguageMenu />
        <AuthMenu />
      </div>
    </header>
  );
}
