import { Alert, Paragraph } from '@digdir/designsystemet-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.ts';
import { presentError } from '../../api/error-presentation.ts';
import { useTextTranslator } from '../../i18n/text.ts';
import { CopyReferenceButton } from '../../shell/toasts/copy-reference-button.tsx';

/**
 * A refusal's own words: the message of a 4xx error body ("another load is running", "not the
 * layer's format"), which says more than the catalogue's text for its type. Not for 401, 403 and
 * 404 (the catalogue's texts say those best), nor for a 5xx, which carries no internals.
 */
function refusalText(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === null) return null;
  const { status } = error;
  if (status < 400 || status >= 500 || status === 401 || status === 403 || status === 404) return null;
  return error.body?.message.trim() || null;
}

/**
 * A console action that failed, shown where it was started and until the next try: what the
 * server said, and its reference with a button that copies it (as the error toast has).
 */
export function ActionErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const translate = useTextTranslator();
  const presented = presentError(error);
  return (
    <Alert data-color="danger" role="alert">
      <Paragraph>{refusalText(error) ?? translate(presented.message)}</Paragraph>
      {presented.reference && (
        <>
          <Paragraph data-size="sm">{t('errors.reference', { reference: presented.reference })}</Paragraph>
          <CopyReferenceButton reference={presented.reference} />
        </>
      )}
    </Alert>
  );
}
