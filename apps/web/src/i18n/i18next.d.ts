import 'i18next';
import type { Bokmal } from './locales/nb.ts';

// Typed keys: t('a.missing.key') is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Bokmal };
    // Error codes (UNEXPECTED_ERROR) are keys: "_" must not split off a context.
    contextSeparator: '~';
  }
}
