import { Alert, Button, Paragraph, Spinner } from '@digdir/designsystemet-react';
import { SEARCH_EXPORT_FILE_NAME } from '@fast/contracts';
import { DownloadIcon } from '@navikt/aksel-icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { presentError } from '../../api/error-presentation.ts';
import { exportSearch } from '../../api/search-queries.ts';
import { useTextTranslator } from '../../i18n/text.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { type SearchState, searchPayload } from '../../routes/links.ts';
import { toast } from '../../shell/toasts/toast-store.ts';
import classes from './search-screen.module.css';

/**
 * Exports the current search to anlegg.xlsx (section 5: the search payload with hitsToSkip 0 and
 * hitsToReturn the total). Shows its progress, and a failure beside the button with the reason.
 */
export function ExportButton(props: { state: SearchState; totalHits: number }) {
  const { t, i18n } = useTranslation();
  const translate = useTextTranslator();
  const mutation = useMutation({
    mutationFn: (state: SearchState) =>
      exportSearch(
        { ...searchPayload(state), hitsToSkip: 0, hitsToReturn: props.totalHits },
        i18n.language === 'nn' ? 'nn' : 'nb',
      ),
    onSuccess: (blob) => {
      saveBlob(blob, SEARCH_EXPORT_FILE_NAME);
      toast.positive({ key: 'search.export.done' });
    },
  });
  const failure = mutation.error ? presentError(mutation.error) : null;

  return (
    <div className={classes.export}>
      <Button
        variant="secondary"
        data-size="sm"
        onClick={() => {
          if (!mutation.isPending) mutation.mutate(props.state);
        }}
        aria-disabled={mutation.isPending || props.totalHits === 0}
        disabled={props.totalHits === 0}
      >
        {mutation.isPending ? <Spinner aria-hidden data-size="xs" /> : <DownloadIcon aria-hidden />}
        {t('search.export.button')}
      </Button>
      <div aria-live="polite" className={classes.exportStatus}>
        {mutation.isPending && <Paragraph data-size="sm">{t('search.export.inProgress', { count: props.totalHits })}</Paragraph>}
      </div>
      {failure && (
        <Alert data-color="danger" data-size="sm" role="alert">
          <Paragraph data-size="sm">
            {t('search.export.failed', { reason: translate(failure.message) })}
            {failure.reference ? ` ${t('errors.reference', { reference: failure.reference })}` : ''}
          </Paragraph>
        </Alert>
      )}
    </div>
  );
}
