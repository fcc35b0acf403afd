import { Alert, Button, Field, Heading, Label, Paragraph, Select, Spinner, Table, Textfield } from '@digdir/designsystemet-react';
import { ACCESS_LOG_EXPORT_FILENAME, AccessLogAction } from '@fast/contracts';
import { DownloadIcon } from '@navikt/aksel-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../components/pager.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { formatDateTime, formatOrganisationNumber } from '../../i18n/format.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import classes from './admin.module.css';
import { type AccessLogFilter, adminQueries, downloadAccessLog } from './admin-api.ts';
import { useAdminUrl } from './admin-url.ts';

const PAGE_SIZE = 50;

/** A calendar day typed in the browser (yyyy-mm-dd) as the instant its local day starts; `nextDay` for an inclusive end. */
function dayStart(day: string | undefined, nextDay = false): string | undefined {
  if (!day) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + (nextDay ? 1 : 0)).toISOString();
}

/** Who read, downloaded or exported which facilities, when and for which organisation: filter, page, export. */
export function AccessLogPanel() {
  const { t } = useTranslation();
  const [url, change] = useAdminUrl();
  const { offset } = url;
  const [draft, setDraft] = useState({
    fromDay: url.fromDay ?? '',
    toDay: url.toDay ?? '',
    action: url.action ?? '',
    user: url.user ?? '',
    facilityId: url.facilityId ?? '',
  });
  const filter: AccessLogFilter = {
    from: dayStart(url.fromDay),
    to: dayStart(url.toDay, true),
    action: url.action,
    user: url.user,
    facilityId: url.facilityId,
  };
  const log = useQuery(adminQueries.accessLog(filter, { limit: PAGE_SIZE, offset }));
  const exporter = useMutation({
    mutationFn: () => downloadAccessLog(filter),
    onSuccess: (blob) => saveBlob(blob, ACCESS_LOG_EXPORT_FILENAME),
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The URL state keeps what the admin API accepts (an unknown action is left out).
    change({ ...draft, action: AccessLogAction.find((x) => x === draft.action) });
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
          value={draft.fromDay}
          onChange={(e) => setDraft({ ...draft, fromDay: e.target.value })}
        />
        <Textfield
          type="date"
          label={t('admin.accessLog.to')}
          value={draft.toDay}
          onChange={(e) => setDraft({ ...draft, toDay: e.target.value })}
        />
        <Field>
          <Label>{t('admin.accessLog.action')}</Label>
          <Select value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })}>
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
          value={draft.user}
          onChange={(e) => setDraft({ ...draft, user: e.target.value })}
        />
        <Textfield
          label={t('admin.accessLog.facility')}
          inputMode="numeric"
          value={draft.facilityId}
          onChange={(e) => setDraft({ ...draft, facilityId: e.target.value.replace(/\D/g, '') })}
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
            label={t('admin.paging.label')}
            total={log.data.total}
            page={Math.floor(offset / PAGE_SIZE) + 1}
            pageSize={PAGE_SIZE}
            shown={log.data.entries.length}
            onPageChange={(page) => change({ offset: (page - 1) * PAGE_SIZE })}
          />
        </>
      )}
    </div>
  );
}
