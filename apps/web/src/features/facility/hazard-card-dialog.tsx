import { Alert, Button, Dialog, Heading, Paragraph, Spinner } from '@digdir/designsystemet-react';
import type { GuideEssentials, HazardCard } from '@fast/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getJson } from '../../api/http-client.ts';
import { formatQuantity } from '../../lib/number-format.ts';
import classes from './hazard.module.css';
import { DangerLabel, OrangePlate } from './hazard-symbols.tsx';

/** A hazard card: reference data, the same for every organisation, kept for the session. */
export const hazardCardQuery = (unNumber: string) =>
  queryOptions({
    queryKey: ['hazard-card', unNumber],
    queryFn: ({ signal }) => getJson<HazardCard>(`/api/v1/substances/${unNumber}`, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

const HEADINGS: (keyof GuideEssentials)[] = ['fire', 'health', 'publicSafety', 'protection', 'firstActions'];
const HEADING_KEYS = {
  fire: 'hazard.dialog.fireHazard',
  health: 'hazard.dialog.health',
  publicSafety: 'hazard.dialog.publicSafety',
  protection: 'hazard.dialog.protection',
  firstActions: 'hazard.dialog.firstActions',
} as const;

function CardBody({ card }: { card: HazardCard }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'nn' ? 'nn' : 'nb';
  const metres = (m: number) => t('hazard.metres', { metres: formatQuantity(m) });
  const km = (value: number) => t('hazard.dialog.km', { km: formatQuantity(value) });
  const { erg, tih, adr } = card;
  return (
    <div className={classes.card}>
      <div className={classes.cardHeader}>
        <OrangePlate hazardNumber={adr.hazardNumber} unNumber={card.unNumber} />
        <span className={classes.labels}>
          {adr.labels.map((label) => (
            <DangerLabel key={label} label={label} size={72} />
          ))}
        </span>
      </div>
      <Paragraph className={classes.muted}>{t('hazard.dialog.english', { name: card.name.en })}</Paragraph>
      <dl className={classes.distances}>
        <dt>{t('hazard.dialog.class')}</dt>
        <dd>{adr.class}</dd>
        <dt>{t('hazard.dialog.code')}</dt>
        <dd>{adr.classificationCode}</dd>
        {adr.packingGroup && (
          <>
            <dt>{t('hazard.dialog.packingGroup')}</dt>
            <dd>{adr.packingGroup}</dd>
          </>
        )}
        {adr.hazardNumber && (
          <>
            <dt>{t('hazard.dialog.hazardNumber')}</dt>
            <dd>{adr.hazardNumber}</dd>
          </>
        )}
      </dl>
      {erg ? (
        <>
          <Heading level={3} data-size="xs">
            {`${t('hazard.dialog.guide', { guide: String(erg.guide), edition: erg.edition })}: ${erg.title[lang]}`}
          </Heading>
          {erg.polymerisation && <Paragraph>{t('hazard.dialog.polymerisation')}</Paragraph>}
          <Heading level={3} data-size="xs">
            {t('hazard.dialog.distances')}
          </Heading>
          <dl className={classes.distances}>
            <dt>{t('hazard.dialog.isolation')}</dt>
            <dd>
              {metres(erg.isolationM)}
              {erg.isolationSolidM !== null && ` (${t('hazard.dialog.isolationSolid')}: ${metres(erg.isolationSolidM)})`}
            </dd>
            <dt>{t('hazard.dialog.evacuation')}</dt>
            <dd>{erg.largeSpillEvacuationM !== null ? metres(erg.largeSpillEvacuationM) : t('hazard.dialog.evacuationTable')}</dd>
            <dt>{t('hazard.dialog.fire')}</dt>
            <dd>{metres(erg.fireIsolationM)}</dd>
          </dl>
          {tih && (
            <>
              <Heading level={3} data-size="xs">
                {t('hazard.dialog.tih')}
              </Heading>
              <table className={classes.tih}>
                <thead>
                  <tr>
                    <td />
                    <th scope="col">{t('hazard.dialog.tihIsolate')}</th>
                    <th scope="col">{t('hazard.dialog.tihDay')}</th>
                    <th scope="col">{t('hazard.dialog.tihNight')}</th>
                  </tr>
                </thead>
                <tbody>
                  {(
                    [
                      ['hazard.dialog.tihSmall', tih.smallSpill],
                      ['hazard.dialog.tihLarge', tih.largeSpill],
                    ] as const
                  ).map(([key, spill]) => (
                    <tr key={key}>
                      <th scope="row">{t(key)}</th>
                      <td>{metres(spill.isolationM)}</td>
                      <td>{km(spill.protectDayKm)}</td>
                      <td>{km(spill.protectNightKm)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          <div className={classes.essentials}>
            {HEADINGS.map((heading) => (
              <section key={heading} aria-label={t(HEADING_KEYS[heading])}>
                <Heading level={3} data-size="xs">
                  {t(HEADING_KEYS[heading])}
                </Heading>
                <ul>
                  {erg.essentials[lang][heading].map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      ) : (
        <Alert data-color="warning">{t('hazard.dialog.noGuide')}</Alert>
      )}
      <Paragraph data-size="sm" className={classes.muted}>
        {t('hazard.dialog.source', { version: card.referenceVersion })}
      </Paragraph>
    </div>
  );
}

/** The hazard card of one UN number in a modal dialog, in large type for use in a vehicle. */
export function HazardCardDialog(props: { unNumber: string | null; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const query = useQuery({ ...hazardCardQuery(props.unNumber ?? '0000'), enabled: props.unNumber !== null });
  const open = props.unNumber !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <Dialog
      ref={ref}
      aria-labelledby={headingId}
      onClose={props.onClose}
      closeButton={t('hazard.dialog.close')}
      className={classes.dialog}
    >
      <Dialog.Block>
        <Heading level={2} data-size="md" id={headingId}>
          {`${props.name} – ${t('hazard.dialog.title', { un: props.unNumber ?? '' })}`}
        </Heading>
      </Dialog.Block>
      <Dialog.Block>
        {query.data ? (
          <CardBody card={query.data} />
        ) : query.isError ? (
          <Alert data-color="danger">{t('hazard.dialog.failed')}</Alert>
        ) : (
          <Paragraph>
            <Spinner aria-hidden data-size="sm" /> {t('hazard.dialog.loading')}
          </Paragraph>
        )}
        <Button variant="secondary" onClick={props.onClose}>
          {t('hazard.dialog.close')}
        </Button>
      </Dialog.Block>
    </Dialog>
  );
}
