import { Button, Spinner } from '@digdir/designsystemet-react';
import { DownloadIcon } from '@navikt/aksel-icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../lib/save-blob.ts';
import { toast } from '../toasts/toast-store.ts';
import { fetchDocument, pdfFileName } from './facility-api.ts';

/**
 * Downloads a PDF of the API with the bearer token (a plain link could not send it) and saves it
 * under its visible name. A failure is reported by the HTTP client like any other.
 */
export function DocumentDownload(props: { path: string; name: string; variant?: 'primary' | 'secondary' | 'tertiary' }) {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: () => fetchDocument(props.path),
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
      {pending ? t('facility.download.inProgress', { name: props.name }) : t('facility.download.pdf', { name: props.name })}
    </Button>
  );
}
