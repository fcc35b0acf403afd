import { Button, Card, Heading, Paragraph } from '@digdir/designsystemet-react';
import { EnterIcon } from '@navikt/aksel-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { signIn } from './oidc-session.ts';

/** Shown when no one is signed in (after signing out, or after a failed sign-in): a way back in. */
export function NotAuthenticatedCard({ signedOut = false }: { signedOut?: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} data-color="neutral">
      <Card.Block>
        <Heading level={2} data-size="sm" id={headingId}>
          {t('auth.notAuthenticatedHeading')}
        </Heading>
        {signedOut && <Paragraph>{t('auth.signedOut')}</Paragraph>}
        <Paragraph>{t('auth.notAuthenticatedBody')}</Paragraph>
        <div>
          <Button onClick={() => void signIn()}>
            <EnterIcon aria-hidden />
            {t('auth.logIn')}
          </Button>
        </div>
      </Card.Block>
    </Card>
  );
}
