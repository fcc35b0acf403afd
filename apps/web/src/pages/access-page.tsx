import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from './placeholder-page.tsx';

export function AccessPage() {
  const { t } = useTranslation();
  return <PlaceholderPage heading={t('access.heading')}>{t('access.body')}</PlaceholderPage>;
}
