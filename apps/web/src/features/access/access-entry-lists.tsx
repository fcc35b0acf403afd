import { Heading, Paragraph, Tag } from '@digdir/designsystemet-react';
import type { MunicipalityAccessEntry } from '@fast/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format.ts';
import classes from './access.module.css';

const TAG_COLOR = { ACTIVE: 'success', PENDING: 'warning', DENIED: 'danger', REVOKED: 'neutral' } as const;

function EntryItem({ entry }: { entry: MunicipalityAccessEntry }) {
  const { t } = useTranslation();
  const when =
    entry.status === 'PENDING' || !entry.decidedAt
      ? t('access.requestedAt', { date: formatDate(entry.requestedAt) })
      : entry.status === 'ACTIVE'
        ? t('access.approvedAt', { date: formatDate(entry.decidedAt) })
        : entry.status === 'DENIED'
          ? t('access.deniedAt', { date: formatDate(entry.decidedAt) })
          : t('access.revokedAt', { date: formatDate(entry.decidedAt) });
  return (
    <li className={classes.entry}>
      <div className={classes.entryHead}>
        <span className={classes.entryName}>{entry.municipalityName}</span>
        <Tag data-color={TAG_COLOR[entry.status]} data-size="sm">
          {t(`access.status.${entry.status}`)}
        </Tag>
      </div>
      <Paragraph data-size="sm" className={classes.entryMeta}>
        {entry.countyName} · {when}
      </Paragraph>
      {entry.denyReason && (
        <Paragraph data-size="sm" className="pre-line">
          {t('access.reason', { reason: entry.denyReason })}
        </Paragraph>
      )}
    </li>
  );
}

function EntryList({
  id,
  heading,
  entries,
  empty,
}: {
  id: string;
  heading: string;
  entries: MunicipalityAccessEntry[];
  empty?: string;
}) {
  if (entries.length === 0 && !empty) return null;
  return (
    <section aria-labelledby={id} className={classes.listSection}>
      <Heading level={2} data-size="xs" id={id}>
        {heading} ({entries.length})
      </Heading>
      {entries.length === 0 ? (
        <Paragraph data-size="sm">{empty}</Paragraph>
      ) : (
        <ul className={classes.entries}>
          {entries.map((entry) => (
            <EntryItem key={entry.municipalityCode} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Requests awaiting approval, active accesses, and (when any) the denied or revoked ones with the reason. */
export function AccessEntryLists({ entries }: { entries: readonly MunicipalityAccessEntry[] }) {
  const { t } = useTranslation();
  const byStatus = (...statuses: MunicipalityAccessEntry['status'][]) =>
    entries.filter((entry) => statuses.includes(entry.status));
  return (
    <div className={classes.lists}>
      <EntryList
        id="access-pending"
        heading={t('access.pendingHeading')}
        entries={byStatus('PENDING')}
        empty={t('access.pendingEmpty')}
      />
      <EntryList
        id="access-active"
        heading={t('access.activeHeading')}
        entries={byStatus('ACTIVE')}
        empty={t('access.activeEmpty')}
      />
      <EntryList id="access-rejected" heading={t('access.rejectedHeading')} entries={byStatus('DENIED', 'REVOKED')} />
      {byStatus('DENIED', 'REVOKED').length > 0 && <Paragraph data-size="sm">{t('access.requestAgain')}</Paragraph>}
    </div>
  );
}
