import { Paragraph, Spinner } from '@digdir/designsystemet-react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../i18n/i18n-types.ts';
import classes from './page-loading.module.css';

/** A centred spinner with a visible text (default "Laster inn..."). */
export function PageLoading({ text = 'header.loading' }: { text?: TranslationKey }) {
  const { t } = useTranslation();
  return (
    <div className={classes.loading} role="status">
      <Spinner aria-hidden data-size="lg" />
      <Paragraph>{t(text)}</Paragraph>
    </div>
  );
}
