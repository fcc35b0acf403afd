import { Alert, Paragraph } from '@digdir/designsystemet-react';
import type { StatusMessageType } from '@fast/contracts';
import { useTranslation } from 'react-i18next';
import { fetchStatusMessages } from '../../api/platform-queries.ts';
import { useLocalisedName } from '../../i18n/use-localised-name.ts';
import { useAuthState } from '../auth/auth-store.ts';
import classes from './status-message-banner.module.css';
import { useStatusMessages } from './use-status-messages.ts';

const COLOR: Record<StatusMessageType, 'danger' | 'info' | 'warning'> = {
  ERROR: 'danger',
  INFO: 'info',
  WARNING: 'warning',
};

/** The authority's operational messages, shown to signed-in users below the header (in Nynorsk when written so). */
export function StatusMessageBanner() {
  const { t } = useTranslation();
  const localised = useLocalisedName();
  const signedIn = useAuthState().status === 'authenticated';
  const messages = useStatusMessages(signedIn, fetchStatusMessages);
  if (messages.length === 0) return null;
  return (
    <section aria-label={t('statusMessages.region')} className={classes.banner}>
      {messages.map((message, index) => (
        // Messages have no id; their order is the server's and they are replaced as a whole.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Alert key={index} data-color={COLOR[message.type]}>
          <Paragraph className="pre-line">{localised(message.message, message.messageNn)}</Paragraph>
        </Alert>
      ))}
    </section>
  );
}
