import { Button } from '@digdir/designsystemet-react';
import { FilesIcon } from '@navikt/aksel-icons';
import { useTranslation } from 'react-i18next';
import { toast } from './toast-store.ts';

async function copyReference(reference: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(reference);
    toast.positive({ key: 'errors.referenceCopied' });
  } catch {
    toast.error({ key: 'errors.copyFailed', values: { reference } });
  }
}

/** Copies a server error's reference for the user to pass on to support, and says whether it worked. */
export function CopyReferenceButton({ reference }: { reference: string }) {
  const { t } = useTranslation();
  return (
    <Button variant="secondary" data-size="sm" onClick={() => copyReference(reference)}>
      <FilesIcon aria-hidden />
      {t('errors.copyReference')}
    </Button>
  );
}
