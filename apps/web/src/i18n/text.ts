import { useTranslation } from 'react-i18next';
import type { TranslationKey } from './i18n-types.ts';

/**
 * A text decided outside React (an error, a toast) and translated when shown, so that it
 * follows a language change: a translation key with values, or raw text from the server.
 */
export type Text = { key: TranslationKey; values?: Record<string, string> } | { raw: string };

// The key is checked by the Text type; i18next's own overloads cannot take a union of all keys.
type LooseT = (key: string, options?: Record<string, string>) => string;

export function useTextTranslator(): (text: Text) => string {
  const { t } = useTranslation();
  const translate = t as unknown as LooseT;
  return (text) => ('raw' in text ? text.raw : translate(text.key, text.values ?? {}));
}
