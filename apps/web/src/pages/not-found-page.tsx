import { Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import { HouseIcon } from '@navikt/aksel-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../components/page.tsx';
import { PATHS } from '../config/constants.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page narrow>
      <Heading level={1} data-size="lg">
        {t('errors.PageNotFound')}
      </Heading>
      <Paragraph>{t('notFound.body')}</Paragraph>
      <div>
        {/* A button, as the specification names it ("Take me home"), that goes to the landing page. */}
        <Button type="button" onClick={() => navigate(PATHS.landing)}>
          <HouseIcon aria-hidden />
          {t('notFound.home')}
        </Button>
      </div>
    </Page>
  );
}
