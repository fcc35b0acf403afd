import { Heading } from '@digdir/designsystemet-react';
import type { ReactNode } from 'react';
import classes from './facility.module.css';

/** One titled section of the facility screen, labelled by its heading for landmarks navigation. */
export function Section(props: { id: string; heading: string; wide?: boolean; children: ReactNode }) {
  const headingId = `facility-${props.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={props.wide ? `${classes.section} ${classes.wide}` : classes.section}
      data-section={props.id}
    >
      <Heading level={2} data-size="sm" id={headingId}>
        {props.heading}
      </Heading>
      {props.children}
    </section>
  );
}

/** A term and its value; an empty value says so instead of leaving a hole. */
export function Fact(props: { term: string; children: ReactNode; empty: string }) {
  const empty = props.children === null || props.children === undefined || props.children === '';
  return (
    <>
      <dt>{props.term}</dt>
      <dd className={empty ? classes.muted : undefined}>{empty ? props.empty : props.children}</dd>
    </>
  );
}
