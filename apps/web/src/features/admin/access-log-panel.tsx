import { Alert, Button, Field, Heading, Label, Paragraph, Select, Spinner, Table, Textfield } from '@digdir/designsystemet-react';
import { ACCESS_LOG_EXPORT_FILENAME, AccessLogAction } from '@fast/contracts';
import { DownloadIcon } from '@navikt/aksel-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../components/table-scroll.tsx';
import { formatDateTime, formatOrganisationNumber } from '../../i18n/format.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import classes from './admin.module.css';
import { type AccessLogFilter, adminQueries, downloadAccessLog } from './admin-api.ts';
import { Pager } from './pager.tsx';
import { useUrlParams } from './use-url-params.ts';

const PAGE_SIZE = 50;

/** A calendar day typed in the browser (yyyy-mm-dd) as the instant its local day starts; `nextDay` for an inclusive end. */
function dayStart(day: string, nextDay = false): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + (nextDay ? 1 : 0)).toISOString();
}

/** Who read, downloaded or exported which facilities, when and for which organisation: filter, page, export. */
export function AccessLogPanel() {
  const { t } = useTranslation();
  const { get, set } = useUrlParams();
  const [draft, setDraft] = useState({
    fra: get('fra'),
    til: get('til'),
    handling: get('handling'),
    bruker: get('bruker'),
    anlegg: get('anlegg'),
  });
  const filter: AccessLogFilter = {
    from: dayStart(get('fra')),
    to: dayStart(get('til'), true),
    action: get('handling') || undefined,
    user: get('bruker') || undefined,
    facilityId: /^\d{1,9}$/.test(get('anlegg')) ? get('anlegg') : undefined,
  };
  const offset = Math.max(0, Number(get('side') || '0') || 0);
  const log = useQuery(adminQueries.accessLog(filter, { limit: PAGE_SIZE, offset }));
  const exporter = useMutation({
    mutationFn: () => downloadAccessLog(filter),
    onSuccess: (blob) => saveBlob(blob, ACCESS_LOG_EXPORT_FILENAME),
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    set(draft);
  };

  return (
    <div className={classes.panel}>
      <Heading level={2} data-size="sm">
        {t('admin.accessLog.heading')}
      </Heading>
      <Paragraph>{t('admin.accessLog.intro')}</Paragraph>
      <form className={classes.filters} onSubmit={handleSubmit} noValidate>
        <Textfield
          type="date"
          label={t('admin.accessLog.from')}
          value={draft.fra}
          onChange={(e) => setDraft({ ...draft, fra: e.target.value })}
        />
        <Textfield
          type="date"
          label={t('admin.accessLog.to')}
          value={draft.til}
          onChange={(e) => setDraft({ ...draft, til: e.target.value })}
        />
        <Field>
          <Label>{t('admin.accessLog.action')}</Label>
          <Select value={draft.handling} onChange={(e) => setDraft({ ...draft, handling: e.target.value })}>
            <Select.Option value="">{t('admin.filters.all')}</Select.Option>
            {AccessLogAction.map((action) => (
              <Select.Option key={action} value={action}>
                {t(`admin.accessLog.actions.${action}`)}
              </Select.Option>
            ))}
          </Select>
        </Field>
        <Textfield
          label={t('admin.accessLog.user')}
          value={draft.bruker}
          onChange={(e) => setDraft({ ...draft, bruker: e.target.value })}
        />
        <Textfield
          label={t('admin.accessLog.facility')}
          inputMode="numeric"
          value={draft.anlegg}
          onChange={(e) => setDraft({ ...draft, anlegg: e.target.value.replace(/\D/g, '') })}
        />
        <Button type="submit">{t('admin.accessLog.search')}</Button>
        <Button type="button" variant="secondary" loading={exporter.isPending} onClick={() => exporter.mutate()}>
          <DownloadIcon aria-hidden />
          {t('admin.accessLog.export')}
        </Button>
      </form>
      {log.isPending && <Spinner aria-label={t('header.loading')} />}
      {log.isError && <Alert data-color="danger">{t('errors.UNEXPECTED_ERROR')}</Alert>}
      {log.data?.entries.length === 0 && <Paragraph>{t('admin.accessLog.empty')}</Paragraph>}
      {log.data && log.data.entries.length > 0 && (
        <>
          <TableScroll label={t('admin.accessLog.heading')}>
            <Table className={classes.table} data-size="sm" zebra>
              <caption className="visually-hidden">{t('admin.accessLog.heading')}</caption>
              <Table.Head>
                <Table.Row>
                  <Table.HeaderCell>{t('admin.accessLog.columns.time')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('admin.accessLog.columns.action')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('admin.accessLog.columns.user')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('admin.accessLog.columns.organisation')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('admin.accessLog.columns.facilities')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('admin.accessLog.columns.detail')}</Table.HeaderCell>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {log.data.entries.map((entry) => (
                  <Table.Row key={entry.id}>
                    <Table.Cell className={classes.nowrap}>{formatDateTime(entry.occurredAt)}</Table.Cell>
                    <Table.Cell>{t(`admin.accessLog.actions.${entry.action}`)}</Table.Cell>
                    <Table.Cell>
                      {entry.user ? entry.user.fullName : t('admin.accessLog.unknownUser')}
                      {entry.user?.username && <div className={classes.subtle}>{entry.user.username}</div>}
                    </Table.Cell>
                    <Table.Cell>
                      {entry.organisationName ?? ''}
                      <div className={classes.subtle}>{formatOrganisationNumber(entry.organisationNumber)}</div>
                    </Table.Cell>
                    <Table.Cell>
                      {entry.facilityIds.join(', ')}{' '}
                      {entry.facilityCount > entry.facilityIds.length && (
                        <span className={classes.subtle}>
                          {t('admin.accessLog.more', { count: entry.facilityCount - entry.facilityIds.length })}
                        </span>
                      )}
                    </Table.Cell>
                    <Table.Cell>{entry.detail ?? ''}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          </TableScroll>
          <Pager
            total={log.data.total}
            limit={PAGE_SIZE}
            offset={offset}
            onOffsetChange={(next) => set({ side: String(next) })}
          />
        </>
      )}
    </div>
  );
}
