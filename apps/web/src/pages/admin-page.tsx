import { Alert, Heading, Paragraph } from '@digdir/designsystemet-react';
import { ADMIN_ROLE } from '@fast/contracts';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/page.tsx';
import { AdminConsole } from '../features/admin/admin-console.tsx';
import { useAuthUser } from '../shell/auth/auth-store.ts';

/**
 * /admin: the authority's console. The server refuses its API to anyone without the role; the
 * page says so instead of showing a console that could only fail.
 */
export function AdminPage() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const isAdmin = user?.roles.includes(ADMIN_ROLE) ?? false;
  return (
    <Page>
      <Heading level={1} data-size="lg">
        {t('admin.heading')}
      </Heading>
      {isAdmin ? (
        <>
          <Paragraph variant="long">{t('admin.intro')}</Paragraph>
          <AdminConsole />
        </>
      ) : (
        <Alert data-color="warning">
          <Paragraph>{t('admin.notAdmin')}</Paragraph>
        </Alert>
      )}
    </Page>
  );
}
