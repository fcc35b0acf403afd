import { Fieldset, Radio, Textfield } from '@digdir/designsystemet-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './protective-zones.module.css';
import { COMPASS_POINTS, type CompassPoint } from './zone-labels.ts';

/** Where each compass point stands in the 3 × 3 grid (the middle is the arrow). */
const GRID_AREAS: Record<CompassPoint, string> = {
  NV: 'nw',
  N: 'n',
  NØ: 'ne',
  V: 'w',
  Ø: 'e',
  SV: 'sw',
  S: 's',
  SØ: 'se',
};

/** A bearing as typed: whole or decimal degrees from 0 to 360; null when it is not one. */
export function parseDegrees(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d+)?$/.test(trimmed)) return null;
  const degrees = Number(trimmed);
  return degrees <= 360 ? degrees : null;
}

/**
 * Where the wind comes from: eight compass points as radio buttons around an arrow that shows
 * where the wind then blows (where the downwind zone lies), and the degrees for a finer bearing.
 * A compass point is chosen when the degrees are its own.
 */
export function WindCompass(props: {
  degreesText: string;
  onDegreesText: (text: string) => void;
  /** The form's message for the field (no direction where one is needed, or no bearing). */
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const degrees = parseDegrees(props.degreesText);
  return (
    <Fieldset data-size="sm" className={classes.fieldset}>
      <Fieldset.Legend>{t('zones.form.windFrom')}</Fieldset.Legend>
      <Fieldset.Description>{t('zones.form.windFromHint')}</Fieldset.Description>
      <div className={classes.compass}>
        {COMPASS_POINTS.map((point, index) => (
          <div key={point} className={classes.compassPoint} style={{ gridArea: GRID_AREAS[point] }}>
            <Radio
              name="wind-from"
              value={String(index * 45)}
              label={t(`zones.compass.${point}`)}
              checked={degrees !== null && degrees % 360 === index * 45}
              onChange={() => props.onDegreesText(String(index * 45))}
            />
          </div>
        ))}
        <div className={classes.compassArrow} aria-hidden="true">
          {degrees !== null && (
            <svg
              aria-hidden="true"
              viewBox="-12 -12 24 24"
              width="40"
              height="40"
              style={{ transform: `rotate(${degrees + 180}deg)` }}
            >
              <path d="M0 -10 L6 0 L2 0 L2 10 L-2 10 L-2 0 L-6 0 Z" fill="currentColor" />
            </svg>
          )}
        </div>
      </div>
      <Textfield
        ref={props.inputRef}
        label={t('zones.form.windDegrees')}
        inputMode="decimal"
        data-size="sm"
        className={classes.degrees}
        value={props.degreesText}
        onChange={(event) => props.onDegreesText(event.target.value)}
        error={props.error ?? undefined}
      />
    </Fieldset>
  );
}
