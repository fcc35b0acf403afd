import { Alert, Heading, Paragraph } from '@digdir/designsystemet-react';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/page.tsx';

/** The route's facility id is not a positive whole number (/anlegg/abc, /anlegg/-5): "Anleggs-ID må være et positivt heltall". */
export function FacilityNaN({ heading }: { heading: string }) {
  const { t } = useTranslation();
  return (
    <Page>
      <Heading level={1} data-size="lg">
        {heading}
      </Heading>
      <Alert data-color="danger">
        <Paragraph>{t('errors.FacilityNaN')}</Paragraph>
      </Alert>
    </Page>
  );
}
