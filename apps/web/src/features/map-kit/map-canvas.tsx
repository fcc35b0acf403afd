import { type Ref, useId } from 'react';
import classes from './map-canvas.module.css';

/**
 * The element a map controller draws into: an application region (the map takes its own keys)
 * with its name and, for screen readers, a description of how to use it.
 */
export function MapCanvas(props: {
  ref: Ref<HTMLDivElement>;
  className?: string;
  label: string;
  description: string;
  busy?: boolean;
  testId: string;
}) {
  const descriptionId = useId();
  return (
    <>
      <div
        ref={props.ref}
        className={props.className ? `${classes.canvas} ${props.className}` : classes.canvas}
        role="application"
        aria-label={props.label}
        aria-describedby={descriptionId}
        aria-busy={props.busy}
        data-testid={props.testId}
      />
      <p id={descriptionId} className="visually-hidden">
        {props.description}
      </p>
    </>
  );
}
