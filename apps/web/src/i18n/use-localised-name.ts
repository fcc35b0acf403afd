import { useTranslation } from 'react-i18next';

/**
 * The register's and the authority's texts come in Bokmål with an optional Nynorsk twin: this
 * picks the one for the current language, falling back to Bokmål where no Nynorsk was written.
 */
export function useLocalisedName(): (bokmal: string, nynorsk: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const nynorsk = i18n.language === 'nn';
  return (bokmal, nn) => (nynorsk && nn ? nn : bokmal);
}
