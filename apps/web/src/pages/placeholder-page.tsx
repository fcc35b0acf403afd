import { Heading, Paragraph } from '@digdir/designsystemet-react';
import type { ReactNode } from 'react';
import { Page } from '../components/page.tsx';

/** A screen whose content comes in a later issue: its heading and one honest sentence, no made-up data. */
export function PlaceholderPage({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Page>
      <Heading level={1} data-size="lg">
        {heading}
      </Heading>
      <Paragraph>{children}</Paragraph>
    </Page>
  );
}
