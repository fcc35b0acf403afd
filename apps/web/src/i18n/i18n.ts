import { LANGUAGES, type Language } from '@fast/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../config/constants.ts';
import type { Translation } from './i18n-types.ts';
import { nb } from './locales/nb.ts';

export const DEFAULT_LANGUAGE: Language = 'nb';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.language);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : DEFAULT_LANGUAGE;
}

/** Fetches a language file (`/async-locales/{lng}.json`): the HTTP client, given by `initI18n`, so that i18n does not import it. */
export type LoadLanguage = (path: string) => Promise<Translation>;

let loadLanguage: LoadLanguage = () => Promise.reject(new Error('initI18n was not given a loader'));

/** nb is bundled; other languages come from /async-locales/{lng}.json the first time they are chosen. */
async function ensureLoaded(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const resources = await loadLanguage(`/async-locales/${language}.json`);
  i18next.addResourceBundle(language, 'translation', resources, true, true);
}

export async function changeLanguage(language: Language): Promise<void> {
  await ensureLoaded(language);
  await i18next.changeLanguage(language);
  try {
    localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

export async function initI18n(load: LoadLanguage): Promise<void> {
  loadLanguage = load;
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18next.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: { nb: { translation: nb } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    contextSeparator: '~',
    react: { useSuspense: false },
  });
  const stored = readStoredLanguage();
  if (stored !== DEFAULT_LANGUAGE) {
    // The app starts in nb and switches as soon as the file is here; a failure is shown as a toast.
    changeLanguage(stored).catch(() => undefined);
  }
}

export { i18next };
