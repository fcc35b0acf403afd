import { Heading } from '@digdir/designsystemet-react';
import type { ReactNode } from 'react';
import classes from './page.module.css';

/** A page's content column: the width and spacing every screen shares. */
export function Page({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return <div className={narrow ? `${classes.page} ${classes.narrow}` : classes.page}>{children}</div>;
}

/** A page's heading and the paragraphs that say what it is for, kept to a readable line length. */
export function PageIntro({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className={classes.intro}>
      <Heading level={1} data-size="lg">
        {heading}
      </Heading>
      {children}
    </div>
  );
}
