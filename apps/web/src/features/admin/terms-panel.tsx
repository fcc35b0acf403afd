import { Alert, Button, Details, Heading, Paragraph, Spinner, Textfield } from '@digdir/designsystemet-react';
import { type AdminTermsVersion, TERMS_TEXT_MAX_LENGTH } from '@fast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platformQueries } from '../../api/platform-queries.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { toast } from '../../shell/toasts/toast-store.ts';
import classes from './admin.module.css';
import { adminQueries, publishTerms } from './admin-api.ts';

function PublishForm({ current }: { current: AdminTermsVersion }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState(current.text);
  const [confirming, setConfirming] = useState(false);
  const next = current.version + 1;
  const publish = useMutation({
    mutationFn: () => publishTerms({ nb: text.nb.trim(), nn: text.nn.trim() }, current.version),
    onSuccess: (published) => {
      toast.positive({ key: 'admin.terms.published', values: { version: String(published.version) } });
      // The administrator is a user too: the shell asks them to accept the new version.
      void queryClient.invalidateQueries({ queryKey: platformQueries.termsStatus().queryKey });
      void queryClient.invalidateQueries({ queryKey: platformQueries.termsCurrent().queryKey });
    },
    onSettled: () => {
      setConfirming(false);
      return queryClient.invalidateQueries({ queryKey: adminQueries.terms().queryKey });
    },
  });
  const blank = text.nb.trim() === '' || text.nn.trim() === '';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!blank) setConfirming(true);
  };

  return (
    <form className={classes.form} onSubmit={handleSubmit} noValidate>
      <Heading level={3} data-size="xs">
        {t('admin.terms.publishHeading')}
      </Heading>
      <Paragraph>{t('admin.terms.publishIntro')}</Paragraph>
      <Textfield
        multiline
        rows={10}
        label={t('admin.terms.textNb')}
        value={text.nb}
        counter={TERMS_TEXT_MAX_LENGTH}
        onChange={(e) => setText({ ...text, nb: e.target.value })}
        required
        lang="nb"
      />
      <Textfield
        multiline
        rows={10}
        label={t('admin.terms.textNn')}
        value={text.nn}
        counter={TERMS_TEXT_MAX_LENGTH}
        onChange={(e) => setText({ ...text, nn: e.target.value })}
        required
        lang="nn"
      />
      {confirming ? (
        <Alert data-color="warning">
          <Paragraph>{t('admin.terms.confirm', { version: next })}</Paragraph>
          <div className={classes.toolbar}>
            <Button type="button" loading={publish.isPending} onClick={() => !publish.isPending && publish.mutate()}>
              {t('admin.terms.confirmYes')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setConfirming(false)} disabled={publish.isPending}>
              {t('admin.terms.confirmNo')}
            </Button>
          </div>
        </Alert>
      ) : (
        <div>
          <Button type="submit" disabled={blank}>
            {t('admin.terms.publish', { version: next })}
          </Button>
        </div>
      )}
    </form>
  );
}

/** Publish a new version of the terms of use; every user must accept it before using data again. */
export function TermsPanel() {
  const { t } = useTranslation();
  const versions = useQuery(adminQueries.terms());
  const current = versions.data?.[0];
  return (
    <div className={classes.panel}>
      <Heading level={2} data-size="sm">
        {t('admin.terms.heading')}
      </Heading>
      {versions.isPending && <Spinner aria-label={t('header.loading')} />}
      {versions.isError && <Alert data-color="danger">{t('errors.UNEXPECTED_ERROR')}</Alert>}
      {current && (
        <>
          <Paragraph>
            {t('admin.terms.current', { version: current.version, date: formatDateTime(current.publishedAt) })}
            {' · '}
            {t('admin.terms.acceptedCount', { count: current.acceptedCount })}
          </Paragraph>
          <PublishForm key={current.version} current={current} />
          {versions.data && versions.data.length > 1 && (
            <section aria-labelledby="terms-history">
              <Heading level={3} data-size="xs" id="terms-history">
                {t('admin.terms.history')}
              </Heading>
              {versions.data.slice(1).map((version) => (
                <Details key={version.version}>
                  <Details.Summary>
                    {t('admin.terms.version', { version: version.version })} · {formatDateTime(version.publishedAt)} ·{' '}
                    {t('admin.terms.acceptedCount', { count: version.acceptedCount })}
                  </Details.Summary>
                  <Details.Content>
                    <Paragraph className="pre-line" lang="nb">
                      {version.text.nb}
                    </Paragraph>
                  </Details.Content>
                </Details>
              ))}
            </section>
          )}
        </>
      )}
    </div>
  );
}
