import { Alert, Button, Dialog, Heading, Paragraph, Spinner } from '@digdir/designsystemet-react';
import type { TermsCurrent } from '@fast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptTerms, platformQueries } from '../../api/platform-queries.ts';
import { formatDate } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { signOut } from '../auth/oidc-session.ts';
import classes from './terms-dialog.module.css';

function termsText(terms: TermsCurrent, language: 'nb' | 'nn'): string {
  return terms.text[language] || terms.text.nb;
}

/**
 * The persistent terms dialog: no close button, Escape and backdrop do nothing. "Avslå" signs
 * out; "Samtykk" accepts the version shown (disabled until the text is here: no one accepts
 * terms they could not read).
 */
export function TermsDialog() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const current = useQuery(platformQueries.termsCurrent());
  const accept = useMutation({
    mutationFn: (version: number) => acceptTerms(version),
    onSuccess: (status) => queryClient.setQueryData(platformQueries.termsStatus().queryKey, status),
  });
  const language = i18n.resolvedLanguage === 'nn' ? 'nn' : currentLanguage();

  return (
    <Dialog
      open
      modal
      closedby="none"
      closeButton={false}
      aria-labelledby={headingId}
      onCancel={(event) => event.preventDefault()}
      className={classes.dialog}
    >
      <Dialog.Block>
        <Heading level={2} data-size="md" id={headingId}>
          {t('terms.title')}
        </Heading>
      </Dialog.Block>
      {/* Scrolls when the text is long: focusable so that keyboard users can scroll it too. */}
      <Dialog.Block className={classes.body} tabIndex={0} role="region" aria-labelledby={headingId}>
        {current.isPending && (
          <div className={classes.loading} role="status">
            <Spinner aria-hidden data-size="md" />
            <Paragraph>{t('terms.loading')}</Paragraph>
          </div>
        )}
        {current.isError && <Alert data-color="danger">{t('errors.UNEXPECTED_ERROR')}</Alert>}
        {current.data && (
          <>
            <Paragraph className="pre-line" lang={language}>
              {termsText(current.data, language)}
            </Paragraph>
            <Paragraph data-size="sm" className={classes.published}>
              {t('terms.published', { date: formatDate(current.data.publishedAt) })}
            </Paragraph>
          </>
        )}
      </Dialog.Block>
      <Dialog.Block className={classes.actions}>
        <Button variant="secondary" onClick={() => void signOut()} disabled={accept.isPending}>
          {t('terms.decline')}
        </Button>
        <Button
          onClick={() => current.data && !accept.isPending && accept.mutate(current.data.version)}
          disabled={!current.data}
          loading={accept.isPending}
        >
          {t('terms.accept')}
        </Button>
      </Dialog.Block>
    </Dialog>
  );
}
