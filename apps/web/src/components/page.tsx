import type { ReactNode } from 'react';
import classes from './page.module.css';

/** A page's content column: the width and spacing every screen shares. */
export function Page({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return <div className={narrow ? `${classes.page} ${classes.narrow}` : classes.page}>{children}</div>;
}
