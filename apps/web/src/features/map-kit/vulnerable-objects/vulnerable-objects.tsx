import { Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import {
  formatDistance,
  VULNERABLE_OBJECT_KINDS,
  type VulnerableInside,
  type VulnerableObject,
  type VulnerableObjectKind,
  type VulnerableWithinResponse,
} from '@fast/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompassDirection } from '../../../components/compass-direction.tsx';
import { LoadingLine, RetryAlert } from '../../../components/query-status.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { formatNumber } from '../../../lib/number-format.ts';
import classes from './vulnerable-objects.module.css';
import { capacityText, vulnerableSummary } from './vulnerable-summary.ts';
import { VULNERABLE_SYMBOL_SIZE, VULNERABLE_SYMBOLS } from './vulnerable-symbols.ts';

/** The kind's symbol as the map draws it (vulnerable-symbols.ts), for the legend, the list and the popup. */
export function VulnerableSymbol({ kind }: { kind: VulnerableObjectKind }) {
  const { colour, glyph } = VULNERABLE_SYMBOLS[kind];
  const s = VULNERABLE_SYMBOL_SIZE;
  return (
    <svg className={classes.symbol} width={s} height={s} viewBox={`0 0 ${s} ${s}`} aria-hidden="true" data-kind={kind}>
      <rect x={0.5} y={0.5} width={s - 1} height={s - 1} rx={6} fill="#1b1b1b" />
      <rect x={1.5} y={1.5} width={s - 3} height={s - 3} rx={5} fill="#ffffff" />
      <rect x={3} y={3} width={s - 6} height={s - 6} rx={4} fill={colour} />
      {glyph === '+' ? (
        <path d={`M${s / 2 - 1.6} ${s / 2 - 5}h3.2v3.4h3.4v3.2h-3.4v3.4h-3.2v-3.4h-3.4v-3.2h3.4z`} fill="#ffffff" />
      ) : (
        <text
          x={s / 2}
          y={s / 2 + 0.5}
          fill="#ffffff"
          fontFamily="Inter, Arial, sans-serif"
          fontWeight="bold"
          fontSize={glyph.length > 1 ? 8.5 : 12}
          textAnchor="middle"
          dominantBaseline="central"
        >
          {glyph}
        </text>
      )}
    </svg>
  );
}

/** The four kinds' symbols and names. */
export function VulnerableLegend() {
  const { t } = useTranslation();
  return (
    <ul className={classes.legend} aria-label={t('vulnerable.map.legend')} data-testid="vulnerable-legend">
      {VULNERABLE_OBJECT_KINDS.map((kind) => (
        <li key={kind}>
          <VulnerableSymbol kind={kind} /> {t(`vulnerable.kinds.${kind}`)}
        </li>
      ))}
    </ul>
  );
}

/** The plain note when the authority has loaded no vulnerable objects. */
export function VulnerableNotLoaded() {
  const { t } = useTranslation();
  return (
    <Paragraph data-size="sm" className={classes.muted} data-testid="vulnerable-not-loaded">
      {t('vulnerable.notLoaded')}
    </Paragraph>
  );
}

function ObjectItem({ object }: { object: VulnerableObject }) {
  const { t } = useTranslation();
  const kind = t(`vulnerable.kinds.${object.kind}`);
  const facts = [kind, object.capacity === null ? null : capacityText(object.kind, object.capacity, t)].filter(Boolean);
  return (
    <li className={classes.item} data-kind={object.kind} data-source-id={object.sourceId}>
      <VulnerableSymbol kind={object.kind} />
      <span className={classes.details}>
        <span className={classes.name}>{object.name}</span>
        <span>{facts.join(' · ')}</span>
        {object.address && <span className={classes.muted}>{object.address}</span>}
      </span>
      <span className={classes.distance}>
        {formatDistance(object.distanceMeters)}{' '}
        <CompassDirection bearingDegrees={object.bearingDegrees} distanceMeters={object.distanceMeters} />
      </span>
    </li>
  );
}

/**
 * The objects inside one circle or zone: the summary line ("Innenfor 1 km: 2 barnehager (134 barn),
 * 1 skole (412 elever)"), then the objects nearest first (the first `first`, the rest on "Vis alle").
 * `place` says where ("Innenfor 1 km", "I sonen").
 */
export function VulnerableInsideList(props: { inside: VulnerableInside; place: string; first?: number }) {
  const { t } = useTranslation();
  const { inside, first = 10 } = props;
  const [all, setAll] = useState(false);
  const shown = all ? inside.objects : inside.objects.slice(0, first);
  return (
    <>
      <Paragraph data-size="sm" className={classes.summary} data-testid="vulnerable-summary">
        {vulnerableSummary(inside.totals, props.place, t)}
      </Paragraph>
      {shown.length > 0 && (
        <ol className={classes.list} aria-label={`${props.place}: ${t('vulnerable.listLabel')}`} data-testid="vulnerable-list">
          {shown.map((object) => (
            <ObjectItem key={`${object.kind}:${object.sourceId}`} object={object} />
          ))}
        </ol>
      )}
      {inside.objects.length < inside.totalCount && (
        <Paragraph data-size="xs" className={classes.muted}>
          {t('vulnerable.listShows', { shown: formatNumber(inside.objects.length) })}
        </Paragraph>
      )}
      {shown.length < inside.objects.length && (
        <Button variant="secondary" data-size="sm" className={classes.noPrint} onClick={() => setAll(true)}>
          {t('vulnerable.showAll', { number: formatNumber(inside.objects.length) })}
        </Button>
      )}
    </>
  );
}

/**
 * "Sårbare objekter innenfor 1 km" for a circle (the incident's radius, a drawn circle), "… i
 * sonen" for a drawn polygon: the answer of `vulnerableQueries.within` or `.inside`, or its loading
 * line, its failure, or the note that the layer is not loaded. `radiusText` is the circle's radius
 * as the screen writes it; null for a polygon.
 */
export function VulnerableWithin(props: {
  query: UseQueryResult<VulnerableWithinResponse>;
  radiusText: string | null;
  headingLevel: 2 | 3 | 4;
  first?: number;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { query } = props;
  return (
    <section className={classes.section} aria-labelledby={headingId} aria-busy={query.isFetching} data-testid="vulnerable-within">
      <Heading level={props.headingLevel} data-size={props.headingLevel === 2 ? 'xs' : '2xs'} id={headingId}>
        {props.radiusText === null ? t('vulnerable.headingZone') : t('vulnerable.heading', { radius: props.radiusText })}
      </Heading>
      {query.isPending ? (
        <LoadingLine>{t('vulnerable.loading')}</LoadingLine>
      ) : query.isError ? (
        <RetryAlert message={t('vulnerable.failed')} retryLabel={t('vulnerable.retry')} onRetry={() => void query.refetch()} />
      ) : query.data.layer === null ? (
        <VulnerableNotLoaded />
      ) : (
        <>
          <VulnerableInsideList
            inside={query.data}
            place={props.radiusText === null ? t('vulnerable.inZone') : t('vulnerable.within', { radius: props.radiusText })}
            first={props.first}
          />
          <Paragraph data-size="xs" className={classes.muted}>
            {t('vulnerable.source', { source: query.data.layer.source, date: formatDate(query.data.layer.loadedAt) })}
          </Paragraph>
        </>
      )}
    </section>
  );
}

/** What the map's popup says of one object: its kind, name, capacity and address. */
export function VulnerablePopup({ object }: { object: Pick<VulnerableObject, 'kind' | 'name' | 'address' | 'capacity'> }) {
  const { t } = useTranslation();
  return (
    <div className={classes.popup} data-testid="vulnerable-popup">
      <Heading level={2} data-size="2xs" className={classes.popupHeading}>
        <VulnerableSymbol kind={object.kind} />
        <span>{object.name}</span>
      </Heading>
      <dl>
        <dt>{t('vulnerable.popup.kind')}</dt>
        <dd>{t(`vulnerable.kinds.${object.kind}`)}</dd>
        <dt>{t('vulnerable.popup.capacity')}</dt>
        <dd>{object.capacity === null ? t('vulnerable.popup.unknown') : capacityText(object.kind, object.capacity, t)}</dd>
        <dt>{t('vulnerable.popup.address')}</dt>
        <dd>{object.address ?? t('vulnerable.popup.unknown')}</dd>
      </dl>
    </div>
  );
}
