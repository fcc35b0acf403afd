import { Field, Input, Label, Paragraph, Spinner } from '@digdir/designsystemet-react';
import { AddressServiceStatus, PLACE_QUERY_MAX_LENGTH, type PlaceCandidate, PlaceHint } from '@fast/contracts';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { incidentQueries } from './incident-api.ts';
import classes from './incident-screen.module.css';

/** Typing asks for places after this pause. */
export const PLACE_DEBOUNCE_MS = 250;

/** What a candidate is and where, under its label: "Adresse · Bergen". */
function CandidateDetail({ candidate }: { candidate: PlaceCandidate }) {
  const { t } = useTranslation();
  const where = candidate.municipality?.name ?? t('incident.place.noMunicipality');
  return (
    <span className={classes.candidateDetail}>
      {t(`incident.place.kinds.${candidate.kind}`)} · {where}
    </span>
  );
}

/**
 * The one field for the place: a combobox (ARIA 1.2, list autocomplete) over GET /places. Arrow
 * keys move through the candidates, Enter chooses the marked one (the first when none is
 * marked), Escape closes the list. The list opens only on typing, so a place restored from the
 * URL shows its text without asking the server again. The field has the focus when the screen
 * opens: a responder starts by typing the place.
 */
export function PlaceField(props: {
  organisationNumber: string;
  initialText: string;
  onChoose: (candidate: PlaceCandidate) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const descriptionId = `${id}-description`;
  const [text, setText] = useState(props.initialText);
  const [asked, setAsked] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);

  useEffect(() => setText(props.initialText), [props.initialText]);
  useEffect(() => {
    const trimmed = text.trim();
    const timer = setTimeout(() => setAsked(trimmed), PLACE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const places = useQuery({ ...incidentQueries.places(props.organisationNumber, asked), enabled: open && asked !== '' });
  const current = places.data && !places.isPlaceholderData ? places.data : null;
  const candidates = open && asked !== '' ? (places.data?.candidates ?? []) : [];
  const expanded = candidates.length > 0;

  const choose = (candidate: PlaceCandidate) => {
    setText(candidate.label);
    setOpen(false);
    setActive(-1);
    props.onChoose(candidate);
  };

  const handleKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (candidates.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + candidates.length) % candidates.length);
    } else if (event.key === 'Enter') {
      const candidate = candidates[active] ?? candidates[0];
      if (candidate) {
        event.preventDefault();
        choose(candidate);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  const status =
    !open || asked === ''
      ? ''
      : places.isError
        ? t('incident.place.failed')
        : current
          ? statusText(current.candidates.length)
          : '';
  function statusText(count: number) {
    if (count > 0) return t('incident.place.count', { count });
    // A UTM easting and northing without the zone: say what is missing rather than "nothing found".
    return current?.hint === PlaceHint.UTM_ZONE_MISSING
      ? t('incident.place.utmZoneMissing')
      : t('incident.place.none', { query: asked });
  }

  return (
    <div className={classes.placeField}>
      <Field>
        <Label htmlFor={id}>{t('incident.place.label')}</Label>
        <Field.Description id={descriptionId}>{t('incident.place.description')}</Field.Description>
        <Input
          ref={inputRef}
          id={id}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-describedby={descriptionId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={PLACE_QUERY_MAX_LENGTH}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={handleKey}
          onBlur={() => setOpen(false)}
        />
      </Field>
      <div id={listId} role="listbox" aria-label={t('incident.place.suggestions')} className={classes.listbox} hidden={!expanded}>
        {candidates.map((candidate, index) => (
          // The keyboard stays in the field (aria-activedescendant): its arrow keys and Enter choose.
          // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard choice is the combobox field's
          <div
            key={`${candidate.kind}:${candidate.label}:${candidate.latitude}:${candidate.longitude}`}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={classes.option}
            // Keeps the focus in the field, so the list is not closed by the field's blur first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(candidate)}
          >
            <span>{candidate.label}</span>
            <CandidateDetail candidate={candidate} />
          </div>
        ))}
      </div>
      <div aria-live="polite" className={classes.placeStatus}>
        {open && places.isFetching && (
          <Paragraph data-size="xs">
            <Spinner aria-hidden data-size="xs" /> {t('incident.place.searching')}
          </Paragraph>
        )}
        {status && !places.isFetching && <Paragraph data-size="xs">{status}</Paragraph>}
        {open && current?.addressService === AddressServiceStatus.UNAVAILABLE && (
          <Paragraph data-size="xs">{t('incident.place.addressServiceUnavailable')}</Paragraph>
        )}
        {/* Beside any list, not only an empty one: what is listed is not the street address asked for. */}
        {open && current?.hint === PlaceHint.ADDRESSES_NOT_LOADED && (
          <Paragraph data-size="xs">{t('incident.place.addressesNotLoaded')}</Paragraph>
        )}
      </div>
    </div>
  );
}
