import { useTranslation } from 'react-i18next';
import type { TranslationKey } from './i18n-types.ts';

/**
 * A text decided outside React (an error, a toast) and translated when shown, so that it
 * follows a language change: a translation key with values (never raw text: every text a user
 * sees is in the catalogue, in nb and nn).
 */
export interface Text {
  key: TranslationKey;
  values?: Record<string, string>;
}

// The key is checked by the Text type; i18next's own overloads cannot take a union of all keys.
type LooseT = (key: string, options?: Record<string, string>) => string;

export function useTextTranslator(): (text: Text) => string {
  const { t } = useTranslation();
  const translate = t as unknown as LooseT;
  return (text) => translate(text.key, text.values ?? {});
}
