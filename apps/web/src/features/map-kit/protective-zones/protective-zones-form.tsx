import {
  Button,
  Field,
  Fieldset,
  Label,
  Link,
  Paragraph,
  Radio,
  Select,
  Spinner,
  ValidationMessage,
} from '@digdir/designsystemet-react';
import {
  type ProtectiveZonesRequest,
  TABLE3_CONTAINERS,
  type Table3Container,
  WIND_CLASSES,
  type WindClass,
  type WindResponse,
} from '@fast/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hazardCardQuery } from '../../../api/hazard-queries.ts';
import { formatQuantityWithUnit } from '../../../components/facility-format.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { formatNumber } from '../../../lib/number-format.ts';
import classes from './protective-zones.module.css';
import { protectiveZonesQueries } from './protective-zones-api.ts';
import { parseDegrees, WindCompass } from './wind-compass.tsx';
import { compassPointOf, formatDegreesWhole } from './zone-labels.ts';
import {
  choiceProblems,
  type DaylightChoice,
  proposedChoices,
  usesTable3,
  type ZoneChoices,
  type ZoneSubject,
  type ZoneSubstance,
  zonesRequestOf,
} from './zone-subject.ts';

/** What the user has set; anything left out is the proposal's (the facility's store, the weather). */
interface Entries {
  spill?: ZoneChoices['spill'];
  container?: Table3Container;
  degreesText?: string;
  windSpeed?: WindClass;
  fire: boolean;
  daylight: DaylightChoice;
}

/** Where the wind came from and when, or why the user gives it. */
function WeatherNote({ wind, pending }: { wind: WindResponse | undefined; pending: boolean }) {
  const { t } = useTranslation();
  if (pending) {
    return (
      <Paragraph data-size="sm" role="status" className={classes.muted}>
        <Spinner aria-hidden data-size="xs" /> {t('zones.weather.loading')}
      </Paragraph>
    );
  }
  if (!wind) return null;
  if (!wind.available) {
    return (
      <Paragraph data-size="sm" role="status" data-testid="zones-weather">
        {t(`zones.weather.${wind.reason}`)}
      </Paragraph>
    );
  }
  return (
    <Paragraph data-size="sm" role="status" data-testid="zones-weather">
      {t('zones.weather.filled', {
        source: wind.source,
        speed: formatNumber(wind.windSpeedMetresPerSecond, 1),
        direction: t(`zones.compass.${compassPointOf(wind.windFromDegrees)}`),
        degrees: formatDegreesWhole(wind.windFromDegrees),
        validAt: formatDateTime(wind.validAt),
        updatedAt: formatDateTime(wind.updatedAt),
      })}{' '}
      <Link href={wind.credit.url} target="_blank" rel="noreferrer">
        {wind.credit.text}
      </Link>
    </Paragraph>
  );
}

/**
 * The zones' choices for one facility: which of its substances (the one that sets its largest
 * distance first), small or large spill (large for a store beyond a small package), fire, the
 * Table 3 container (proposed from the stored quantity), the wind (from the weather service where
 * there is one, always the user's to change) and day or night (by the sun unless chosen). Sends
 * one request when the choices are complete.
 */
export function ProtectiveZonesForm(props: {
  subject: ZoneSubject;
  pending: boolean;
  onSubmit: (request: ProtectiveZonesRequest) => void;
}) {
  const { subject } = props;
  const { t, i18n } = useTranslation();
  const nynorsk = i18n.language === 'nn';
  const [unNumber, setUnNumber] = useState(subject.proposedUnNumber ?? subject.substances[0]?.unNumber ?? '');
  const [entries, setEntries] = useState<Entries>({ fire: false, daylight: 'sun' });
  const [attempted, setAttempted] = useState(false);
  const containerRef = useRef<HTMLSelectElement>(null);
  const degreesRef = useRef<HTMLInputElement>(null);
  const speedRef = useRef<HTMLInputElement>(null);

  const substance: ZoneSubstance | undefined = subject.substances.find((s) => s.unNumber === unNumber);
  const table3Gas = substance?.hazard.table3 ?? false;
  // The card names the gas's own Table 3 containers (reference data, fetched once a session).
  const card = useQuery({ ...hazardCardQuery(unNumber), enabled: table3Gas });
  const containers: readonly Table3Container[] | null = table3Gas
    ? (card.data?.figures?.table3?.map((row) => row.container) ?? (card.isError ? TABLE3_CONTAINERS : null))
    : null;
  const [longitude, latitude] = subject.position;
  const wind = useQuery(protectiveZonesQueries.wind(latitude, longitude));
  const weather = wind.data?.available ? wind.data : null;

  if (!substance) return null;
  const proposal = proposedChoices(substance, containers);
  const degreesText = entries.degreesText ?? (weather ? formatDegreesWhole(weather.windFromDegrees) : '');
  const choices: ZoneChoices = {
    unNumber,
    spill: entries.spill ?? proposal.spill,
    fire: entries.fire,
    container: entries.container ?? proposal.container,
    windFromDegrees: parseDegrees(degreesText),
    windSpeed: entries.windSpeed ?? weather?.windSpeed ?? null,
    daylight: entries.daylight,
  };
  const degreesInvalid = degreesText.trim() !== '' && choices.windFromDegrees === null;
  const problems = choiceProblems(substance, choices);
  const table3 = usesTable3(substance.hazard, choices.spill);
  const shown = (problem: (typeof problems)[number]) => attempted && problems.includes(problem);
  const windError =
    attempted && degreesInvalid ? t('zones.form.degreesInvalid') : shown('windRequired') ? t('zones.form.windRequired') : null;

  const change = (next: Partial<Entries>) => setEntries((current) => ({ ...current, ...next }));
  const chooseSubstance = (next: string) => {
    setUnNumber(next);
    // The spill and the container are proposed for each substance anew; the wind, fire and day stay.
    setEntries(({ spill: _spill, container: _container, ...rest }) => rest);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (problems.includes('containerRequired')) containerRef.current?.focus();
    else if (degreesInvalid || problems.includes('windRequired')) degreesRef.current?.focus();
    else if (problems.includes('speedRequired')) speedRef.current?.focus();
    else props.onSubmit(zonesRequestOf(subject, substance, choices));
  };

  const name = (s: ZoneSubstance) => t('zones.form.substanceOption', { name: nynorsk ? s.nameNn : s.name, un: s.unNumber });
  return (
    <form className={classes.form} onSubmit={handleSubmit} aria-label={t('zones.form.label')} noValidate>
      <Field data-size="sm">
        <Label>{t('zones.form.substance')}</Label>
        <Field.Description>{t('zones.form.substanceHint')}</Field.Description>
        <Select value={unNumber} onChange={(event) => chooseSubstance(event.target.value)}>
          {subject.substances.map((s) => (
            <Select.Option key={s.unNumber} value={s.unNumber}>
              {name(s)}
            </Select.Option>
          ))}
        </Select>
      </Field>

      <Fieldset data-size="sm" className={classes.fieldset}>
        <Fieldset.Legend>{t('zones.form.spill')}</Fieldset.Legend>
        <div className={classes.options}>
          {(['small', 'large'] as const).map((spill) => (
            <Radio
              key={spill}
              name="zones-spill"
              value={spill}
              label={t(spill === 'small' ? 'zones.form.spillSmall' : 'zones.form.spillLarge')}
              checked={choices.spill === spill}
              onChange={() => change({ spill })}
            />
          ))}
        </div>
      </Fieldset>

      {table3 && (
        <Field data-size="sm">
          <Label>{t('zones.form.container')}</Label>
          <Field.Description>
            {substance.kilograms > 0
              ? t('zones.form.containerHint', { quantity: formatQuantityWithUnit(substance.kilograms / 1000, 'tonn', t) })
              : t('zones.form.containerHintNone')}
          </Field.Description>
          {containers ? (
            <Select
              ref={containerRef}
              value={choices.container ?? ''}
              onChange={(event) => change({ container: event.target.value as Table3Container })}
              aria-invalid={shown('containerRequired') || undefined}
            >
              {containers.map((container) => (
                <Select.Option key={container} value={container}>
                  {t(`zones.containers.${container}`)}
                </Select.Option>
              ))}
            </Select>
          ) : (
            <Spinner aria-label={t('zones.form.loadingContainers')} data-size="xs" />
          )}
          {shown('containerRequired') && <ValidationMessage>{t('zones.form.containerRequired')}</ValidationMessage>}
        </Field>
      )}

      <Fieldset data-size="sm" className={classes.fieldset}>
        <Fieldset.Legend>{t('zones.form.fire')}</Fieldset.Legend>
        <div className={classes.options}>
          {[false, true].map((fire) => (
            <Radio
              key={String(fire)}
              name="zones-fire"
              value={String(fire)}
              label={t(fire ? 'zones.form.fireYes' : 'zones.form.fireNo')}
              checked={choices.fire === fire}
              onChange={() => change({ fire })}
            />
          ))}
        </div>
        {choices.fire && substance.hazard.bleve && (
          <Fieldset.Description>
            {substance.tankLitres !== null
              ? t('zones.form.tankHint', { litres: formatNumber(substance.tankLitres) })
              : t('zones.form.tankHintNone')}
          </Fieldset.Description>
        )}
      </Fieldset>

      <WeatherNote wind={wind.data} pending={wind.isPending} />
      <WindCompass
        degreesText={degreesText}
        onDegreesText={(text) => change({ degreesText: text })}
        error={windError}
        inputRef={degreesRef}
      />

      <Fieldset data-size="sm" className={classes.fieldset}>
        <Fieldset.Legend>{t('zones.form.windSpeed')}</Fieldset.Legend>
        <div className={classes.options}>
          {WIND_CLASSES.map((speed, index) => (
            <Radio
              key={speed}
              ref={index === 0 ? speedRef : undefined}
              name="zones-wind-speed"
              value={speed}
              label={t(`zones.windSpeeds.${speed}`)}
              checked={choices.windSpeed === speed}
              onChange={() => change({ windSpeed: speed })}
            />
          ))}
        </div>
        {shown('speedRequired') && <ValidationMessage>{t('zones.form.speedRequired')}</ValidationMessage>}
      </Fieldset>

      <Fieldset data-size="sm" className={classes.fieldset}>
        <Fieldset.Legend>{t('zones.form.daylight')}</Fieldset.Legend>
        <div className={classes.options}>
          {(['sun', 'day', 'night'] as const).map((daylight) => (
            <Radio
              key={daylight}
              name="zones-daylight"
              value={daylight}
              label={t(daylight === 'sun' ? 'zones.form.daylightSun' : `zones.form.${daylight}`)}
              checked={choices.daylight === daylight}
              onChange={() => change({ daylight })}
            />
          ))}
        </div>
      </Fieldset>

      <Button type="submit" data-size="sm" aria-busy={props.pending || undefined}>
        {props.pending && <Spinner aria-hidden data-size="xs" />}
        {props.pending ? t('zones.form.drawing') : t('zones.form.submit')}
      </Button>
    </form>
  );
}
