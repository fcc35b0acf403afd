import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from './placeholder-page.tsx';

export function SearchPage() {
  const { t } = useTranslation();
  return <PlaceholderPage heading={t('search.heading')}>{t('search.body')}</PlaceholderPage>;
}
