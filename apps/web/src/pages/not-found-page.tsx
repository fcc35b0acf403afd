import { Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import { HouseIcon } from '@navikt/aksel-icons';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../components/page.tsx';
import { PATHS } from '../config/constants.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page narrow>
      <Heading level={1} data-size="lg">
        {t('errors.PageNotFound')}
      </Heading>
      <Paragraph>{t('notFound.body')}</Paragraph>
      <div>
        <Button asChild>
          <RouterLink to={PATHS.landing}>
            <HouseIcon aria-hidden />
            {t('notFound.home')}
          </RouterLink>
        </Button>
      </div>
    </Page>
  );
}
