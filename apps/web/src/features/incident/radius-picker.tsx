import { Button, Chip, Fieldset, Textfield } from '@digdir/designsystemet-react';
import { formatRadius, NEARBY_MAX_RADIUS_METERS } from '@fast/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './incident-screen.module.css';
import { RADIUS_CHOICES } from './radius.ts';

/** The radius chips (100 m – 5 km) and a field for any other radius in whole metres. */
export function RadiusPicker({ radiusMeters, onChange }: { radiusMeters: number; onChange: (metres: number) => void }) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState('');
  const [invalid, setInvalid] = useState(false);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const metres = Number(custom.replace(/\s/g, ''));
    const valid = /^\d+$/.test(custom.replace(/\s/g, '')) && metres >= 1 && metres <= NEARBY_MAX_RADIUS_METERS;
    setInvalid(!valid);
    if (valid) onChange(metres);
  };

  return (
    <div className={classes.radius}>
      <Fieldset>
        <Fieldset.Legend>{t('incident.radius.legend')}</Fieldset.Legend>
        <div className={classes.chips}>
          {RADIUS_CHOICES.map((choice) => (
            <Chip.Radio
              key={choice}
              name="incident-radius"
              value={String(choice)}
              checked={radiusMeters === choice}
              onChange={() => onChange(choice)}
            >
              {formatRadius(choice)}
            </Chip.Radio>
          ))}
        </div>
      </Fieldset>
      <form className={classes.customRadius} onSubmit={apply}>
        <Textfield
          label={t('incident.radius.custom')}
          inputMode="numeric"
          data-size="sm"
          value={custom}
          onChange={(event) => setCustom(event.target.value)}
          error={invalid ? t('incident.radius.invalid') : undefined}
        />
        <Button type="submit" variant="secondary" data-size="sm">
          {t('incident.radius.apply')}
        </Button>
      </form>
    </div>
  );
}
