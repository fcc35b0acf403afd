import type { ReactNode } from 'react';
import classes from './table-scroll.module.css';

/**
 * A table that may scroll sideways on a narrow screen: a named region, focusable so that a
 * keyboard can scroll it. `className` adds to the scrolling (a height limit, say).
 */
export function TableScroll(props: { label: string; className?: string; busy?: boolean; children: ReactNode }) {
  return (
    <section
      aria-label={props.label}
      aria-busy={props.busy || undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a horizontally scrolling region must be reachable by keyboard
      tabIndex={0}
      className={props.className ? `${classes.scroll} ${props.className}` : classes.scroll}
    >
      {props.children}
    </section>
  );
}
