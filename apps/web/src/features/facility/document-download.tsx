import { Button, Spinner } from '@digdir/designsystemet-react';
import { DownloadIcon } from '@navikt/aksel-icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchDocument, pdfFileName } from '../../api/facility-api.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { toast } from '../../shell/toasts/toast-store.ts';

/**
 * Downloads a PDF of the API with the bearer token (a plain link could not send it) and saves it
 * under its visible name. A failure is reported by the HTTP client like any other.
 */
export function DocumentDownload(props: {
  path: string;
  name: string;
  /** The button's text when it should not be "Last ned {name} (PDF)". */
  label?: string;
  variant?: 'primary' | 'secondary' | 'tertiary';
}) {
  const { t, i18n } = useTranslation();
  const mutation = useMutation({
    // Documents made on request (reports, briefing) are written in the user's language.
    mutationFn: () => fetchDocument(props.path, i18n.language === 'nn' ? 'nn' : 'nb'),
    onSuccess: (blob) => {
      saveBlob(blob, pdfFileName(props.name));
      toast.positive({ key: 'facility.download.done', values: { name: props.name } });
    },
  });
  const pending = mutation.isPending;
  return (
    <Button
      variant={props.variant ?? 'tertiary'}
      data-size="sm"
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={() => {
        if (!pending) mutation.mutate();
      }}
    >
      {pending ? <Spinner aria-hidden data-size="xs" /> : <DownloadIcon aria-hidden />}
      {pending
        ? t('facility.download.inProgress', { name: props.name })
        : (props.label ?? t('facility.download.pdf', { name: props.name }))}
    </Button>
  );
}
