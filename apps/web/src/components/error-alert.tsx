import { Alert, Paragraph } from '@digdir/designsystemet-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { presentError } from '../api/error-presentation.ts';
import { useTextTranslator } from '../i18n/text.ts';

/** A failure in place of what could not be loaded: the catalogue's text, the reference, and any actions. */
export function ErrorAlert(props: { error: unknown; color?: 'danger' | 'warning'; children?: ReactNode }) {
  const { t } = useTranslation();
  const translate = useTextTranslator();
  const presented = presentError(props.error);
  return (
    <Alert data-color={props.color ?? 'danger'}>
      <Paragraph>{translate(presented.message)}</Paragraph>
      {presented.reference && <Paragraph data-size="sm">{t('errors.reference', { reference: presented.reference })}</Paragraph>}
      {props.children}
    </Alert>
  );
}
