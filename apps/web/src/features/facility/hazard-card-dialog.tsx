import { Alert, Button, Dialog, Heading, Paragraph, Spinner } from '@digdir/designsystemet-react';
import type { BleveRow, ErgFigures, GuideEssentials, HazardCard, Table1Row, Table3Row } from '@fast/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { hazardCardQuery } from '../../api/hazard-queries.ts';
import { ergSourceText, formatErgDistance } from '../../components/facility-format.ts';
import { TableScroll } from '../../components/table-scroll.tsx';
import { formatNumber } from '../../lib/number-format.ts';
import classes from './hazard.module.css';
import { DangerLabel, OrangePlate } from './hazard-symbols.tsx';

const HEADINGS: (keyof GuideEssentials)[] = ['fire', 'health', 'publicSafety', 'protection', 'firstActions'];
const HEADING_KEYS = {
  fire: 'hazard.dialog.fireHazard',
  health: 'hazard.dialog.health',
  publicSafety: 'hazard.dialog.publicSafety',
  protection: 'hazard.dialog.protection',
  firstActions: 'hazard.dialog.firstActions',
} as const;

type Spill = NonNullable<Table1Row['largeSpill']>;

/** ERG Table 1: isolation and protective action downwind by day and night, small and large spill. */
function Table1Block({ figures, table1, fireM }: { figures: ErgFigures; table1: Table1Row; fireM: number | null }) {
  const { t } = useTranslation();
  const headingId = useId();
  const spillRow = (label: string, spill: Spill | null) => (
    <tr key={label}>
      <th scope="row">{label}</th>
      {spill ? (
        <>
          <td>{formatErgDistance(spill.isolationM)}</td>
          <td>{formatErgDistance(spill.dayM)}</td>
          <td>{formatErgDistance(spill.nightM)}</td>
        </>
      ) : (
        <td colSpan={3}>{t('hazard.dialog.largeSpillTable3')}</td>
      )}
    </tr>
  );
  return (
    <section aria-labelledby={headingId} className={classes.block}>
      <Heading level={4} data-size="2xs" id={headingId}>
        {ergSourceText({ edition: figures.edition, table: '1' }, t)}
      </Heading>
      <Paragraph data-size="sm">
        {t('hazard.dialog.material', { material: table1.material })}
        {table1.atmospheric && <span aria-hidden> +</span>}
      </Paragraph>
      <TableScroll label={t('hazard.dialog.table1Caption')}>
        <table className={classes.grid}>
          <caption className="visually-hidden">{t('hazard.dialog.table1Caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('hazard.dialog.spill')}</th>
              <th scope="col">{t('hazard.dialog.isolate')}</th>
              <th scope="col">{t('hazard.dialog.protectDay')}</th>
              <th scope="col">{t('hazard.dialog.protectNight')}</th>
            </tr>
          </thead>
          <tbody>
            {spillRow(t('hazard.dialog.smallSpill'), table1.smallSpill)}
            {spillRow(t('hazard.dialog.largeSpill'), table1.largeSpill)}
          </tbody>
        </table>
      </TableScroll>
      {table1.atmospheric && <Paragraph data-size="sm">{t('hazard.dialog.atmospheric')}</Paragraph>}
      {fireM !== null && <FireLine metres={fireM} />}
    </section>
  );
}

/** ERG Table 3: a compact grid, containers by isolation and protective action per wind class, by day and by night. */
function Table3Block({ figures, rows }: { figures: ErgFigures; rows: Table3Row[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const winds = [
    ['low', 'hazard.dialog.windLow'],
    ['moderate', 'hazard.dialog.windModerate'],
    ['high', 'hazard.dialog.windHigh'],
  ] as const;
  return (
    <section aria-labelledby={headingId} className={classes.block}>
      <Heading level={4} data-size="2xs" id={headingId}>
        {ergSourceText({ edition: figures.edition, table: '3' }, t)}
      </Heading>
      <Paragraph data-size="sm">{t('hazard.dialog.table3Intro')}</Paragraph>
      <TableScroll label={t('hazard.dialog.table3Caption')}>
        <table className={`${classes.grid} ${classes.table3}`}>
          <caption className="visually-hidden">{t('hazard.dialog.table3Caption')}</caption>
          <colgroup span={2} />
          <colgroup span={3} />
          <colgroup span={3} />
          <thead>
            <tr>
              <th scope="col" rowSpan={2}>
                {t('hazard.dialog.container')}
              </th>
              <th scope="col" rowSpan={2}>
                {t('hazard.dialog.isolate')}
              </th>
              <th scope="colgroup" colSpan={3} className={classes.group}>
                {t('hazard.dialog.day')}
              </th>
              <th scope="colgroup" colSpan={3} className={classes.group}>
                {t('hazard.dialog.night')}
              </th>
            </tr>
            <tr>
              {(['day', 'night'] as const).flatMap((time) =>
                winds.map(([wind, key]) => (
                  <th key={`${time}-${wind}`} scope="col" className={wind === 'low' ? classes.group : undefined}>
                    {t(key)}
                  </th>
                )),
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.container}>
                <th scope="row" className={classes.container}>
                  {t(`hazard.containers.${row.container}`)}
                </th>
                <td>{formatErgDistance(row.isolationM)}</td>
                {(['day', 'night'] as const).flatMap((time) =>
                  winds.map(([wind]) => (
                    <td key={`${time}-${wind}`} className={wind === 'low' ? classes.group : undefined}>
                      {formatErgDistance(row[time][wind])}
                    </td>
                  )),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <Paragraph data-size="sm" className={classes.muted}>
        {t('hazard.dialog.windNote')}
      </Paragraph>
    </section>
  );
}

/** The ERG's BLEVE table: a flammable gas's tank in fire, evacuation in all directions by capacity. */
function BleveBlock({ figures, rows, fireM }: { figures: ErgFigures; rows: BleveRow[]; fireM: number | null }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={classes.block}>
      <Heading level={4} data-size="2xs" id={headingId}>
        {ergSourceText({ edition: figures.edition, table: 'BLEVE' }, t)}
      </Heading>
      <Paragraph data-size="sm">{t('hazard.dialog.bleveIntro')}</Paragraph>
      <TableScroll label={t('hazard.dialog.bleveCaption')}>
        <table className={classes.grid}>
          <caption className="visually-hidden">{t('hazard.dialog.bleveCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('hazard.dialog.capacity')}</th>
              <th scope="col">{t('hazard.dialog.bleveEvacuation')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.capacityLitres}>
                <th scope="row">{t('hazard.dialog.litres', { litres: formatNumber(row.capacityLitres) })}</th>
                <td>{formatErgDistance(row.evacuationM)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {fireM !== null && <FireLine metres={fireM} />}
    </section>
  );
}

/** Tank, rail car or tank truck in fire: isolation in all directions. */
function FireLine({ metres }: { metres: number }) {
  const { t } = useTranslation();
  return (
    <dl className={classes.distances}>
      <dt>{t('hazard.dialog.fire')}</dt>
      <dd>{formatErgDistance(metres)}</dd>
    </dl>
  );
}

/**
 * Every distance of the card, each block headed by its source ("ERG 2016, veiledning 124",
 * "ERG 2016, tabell 1", "ERG 2016, tabell 3", "ERG 2016, BLEVE-tabellen"). The large spill is
 * downwind ("Beskytt nedvinds") except where the guide evacuates in all directions (explosives).
 */
function Distances({ figures }: { figures: ErgFigures }) {
  const { t } = useTranslation();
  const headingId = useId();
  const guideHeadingId = useId();
  const { guideDistances, table1, table3, bleve } = figures;
  const largeSpill =
    guideDistances.largeSpillM !== null
      ? t(guideDistances.largeSpillAllDirections ? 'hazard.dialog.largeSpillAllDirections' : 'hazard.dialog.largeSpillDownwind', {
          distance: formatErgDistance(guideDistances.largeSpillM),
        })
      : table3
        ? t('hazard.dialog.largeSpillTable3')
        : table1
          ? t('hazard.dialog.largeSpillTable1')
          : t('hazard.noValue');
  // The material's own fire isolation (from its Table 1 or BLEVE row) where it differs from the guide's.
  const ownFire =
    figures.fireIsolationM !== null && figures.fireIsolationM !== guideDistances.fireIsolationM ? figures.fireIsolationM : null;
  const fireBlock = ownFire === null ? null : bleve ? 'bleve' : table1 ? 'table1' : 'guide';
  const guideFire = fireBlock === 'guide' ? ownFire : guideDistances.fireIsolationM;
  return (
    <section aria-labelledby={headingId} className={classes.figures}>
      <Heading level={3} data-size="xs" id={headingId}>
        {t('hazard.dialog.distances', { edition: figures.edition })}
      </Heading>
      <section aria-labelledby={guideHeadingId} className={classes.block}>
        <Heading level={4} data-size="2xs" id={guideHeadingId}>
          {ergSourceText({ edition: figures.edition, table: 'guide', guide: figures.guide }, t)}
        </Heading>
        <dl className={classes.distances}>
          <dt>{t('hazard.dialog.isolation')}</dt>
          <dd>{formatErgDistance(guideDistances.isolationM)}</dd>
          <dt>{t('hazard.dialog.largeSpill')}</dt>
          <dd>{largeSpill}</dd>
          {guideFire !== null && (
            <>
              <dt>{t('hazard.dialog.fire')}</dt>
              <dd>{formatErgDistance(guideFire)}</dd>
            </>
          )}
        </dl>
      </section>
      {table1 && <Table1Block figures={figures} table1={table1} fireM={fireBlock === 'table1' ? ownFire : null} />}
      {table3 && table3.length > 0 && <Table3Block figures={figures} rows={table3} />}
      {bleve && bleve.length > 0 && <BleveBlock figures={figures} rows={bleve} fireM={fireBlock === 'bleve' ? ownFire : null} />}
    </section>
  );
}

function CardBody({ card }: { card: HazardCard }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'nn' ? 'nn' : 'nb';
  const { erg, figures, adr } = card;
  const adrHeadingId = useId();
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
      {/* The edition of these facts and of the plate and labels above: the loaded ADR Table A's, else ADR 2017. */}
      <section aria-labelledby={adrHeadingId} className={classes.figures}>
        <Heading level={3} data-size="xs" id={adrHeadingId}>
          {t('hazard.dialog.adr', { edition: adr.edition })}
        </Heading>
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
      </section>
      {erg ? (
        <>
          <Heading level={3} data-size="xs">
            {`${t('hazard.dialog.guide', { guide: String(erg.guide), edition: erg.edition })}: ${erg.title[lang]}`}
          </Heading>
          {erg.polymerisation && <Paragraph>{t('hazard.dialog.polymerisation')}</Paragraph>}
          {figures ? <Distances figures={figures} /> : <Paragraph>{t('hazard.dialog.noFigures')}</Paragraph>}
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
        <>
          <Alert data-color="warning">{t('hazard.dialog.noGuide')}</Alert>
          {figures && <Distances figures={figures} />}
        </>
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
