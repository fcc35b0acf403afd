import { Heading, ListItem, ListUnordered, Paragraph } from '@digdir/designsystemet-react';
import type { ComponentType, ReactElement } from 'react';
import { Trans } from 'react-i18next';
import type { TranslationKey } from './i18n-types.ts';

const components = {
  p: <Paragraph />,
  ul: <ListUnordered />,
  li: <ListItem />,
  strong: <strong />,
  h3: <Heading level={3} data-size="xs" />,
};

// The key is checked by RichText's own prop type; Trans's typed overloads over every key of the
// app exceed what TypeScript can represent once the texts grow (TS2590), so it is called loosely.
const LooseTrans = Trans as unknown as ComponentType<{ i18nKey: string; components: Record<string, ReactElement> }>;

/** A translated text with a few HTML-like tags (<p>, <ul>, <li>, <strong>, <h3>) shown as Designsystemet components. */
export function RichText({ i18nKey }: { i18nKey: TranslationKey }) {
  return <LooseTrans i18nKey={i18nKey} components={components} />;
}
