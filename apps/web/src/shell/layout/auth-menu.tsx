import { Dropdown, useMediaQuery } from '@digdir/designsystemet-react';
import { ADMIN_ROLE } from '@fast/contracts';
import { Buildings3Icon, LeaveIcon, PersonCircleIcon, WrenchIcon } from '@navikt/aksel-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BREAKPOINTS, PATHS } from '../../config/constants.ts';
import { useAuthUser } from '../auth/auth-store.ts';
import { signOut } from '../auth/oidc-session.ts';
import { useSelectedOrganisation } from '../organisation/organisation-store.ts';
import classes from './header.module.css';

/**
 * The user's full name and organisation (in the bar on wide screens, inside the menu on narrow
 * ones), "Bytt virksomhet" while signed in, and "Logg ut".
 */
export function AuthMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthUser();
  const organisation = useSelectedOrganisation();
  const [open, setOpen] = useState(false);
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.medium - 0.02}px)`);
  if (!user) return null;
  const organisationName = organisation?.name ?? t('header.noOrganisation');

  return (
    <Dropdown.TriggerContext>
      {/* The name comes from the content, so that it starts with what is shown (WCAG 2.5.3): the
          user and organisation (read, not shown, on narrow screens), then the menu's purpose. */}
      <Dropdown.Trigger variant="tertiary" data-color="neutral">
        <PersonCircleIcon aria-hidden />
        {/* Still the button's name on a narrow screen, where the menu shows it instead. */}
        <span className={narrow ? 'visually-hidden' : classes.identity}>
          <span className={classes.identityName}>{user.fullName}</span>{' '}
          <span className={classes.identityOrganisation}>{organisationName}</span>
        </span>{' '}
        <span className="visually-hidden">{t('header.userMenu')}</span>
      </Dropdown.Trigger>
      <Dropdown placement="bottom-end" open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
        <div className={`${classes.narrowOnly} ${classes.menuIdentity}`}>
          <Dropdown.Heading>{user.fullName}</Dropdown.Heading>
          <p className={classes.menuOrganisation}>
            <span className={classes.menuLabel}>{t('header.organisation')}: </span>
            {organisationName}
          </p>
        </div>
        <Dropdown.List>
          {user.roles.includes(ADMIN_ROLE) && (
            <Dropdown.Item>
              <Dropdown.Button
                onClick={() => {
                  setOpen(false);
                  navigate(PATHS.admin);
                }}
              >
                <WrenchIcon aria-hidden />
                {t('admin.navigation')}
              </Dropdown.Button>
            </Dropdown.Item>
          )}
          <Dropdown.Item>
            <Dropdown.Button
              onClick={() => {
                setOpen(false);
                navigate(PATHS.selectOrganisation);
              }}
            >
              <Buildings3Icon aria-hidden />
              {t('header.changeOrganisation')}
            </Dropdown.Button>
          </Dropdown.Item>
          <Dropdown.Item>
            <Dropdown.Button
              onClick={() => {
                setOpen(false);
                void signOut();
              }}
            >
              <LeaveIcon aria-hidden />
              {t('header.logOut')}
            </Dropdown.Button>
          </Dropdown.Item>
        </Dropdown.List>
      </Dropdown>
    </Dropdown.TriggerContext>
  );
}
