import { Heading, ListItem, ListUnordered, Paragraph } from '@digdir/designsystemet-react';
import { Trans } from 'react-i18next';
import type { TranslationKey } from './i18n-types.ts';

const components = {
  p: <Paragraph />,
  ul: <ListUnordered />,
  li: <ListItem />,
  strong: <strong />,
  h3: <Heading level={3} data-size="xs" />,
};

/** A translated text with a few HTML-like tags (<p>, <ul>, <li>, <strong>, <h3>) shown as Designsystemet components. */
export function RichText({ i18nKey }: { i18nKey: TranslationKey }) {
  return <Trans i18nKey={i18nKey} components={components} />;
}
