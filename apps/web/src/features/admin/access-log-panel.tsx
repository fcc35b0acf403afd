import { Button, Field, Heading, Label, Paragraph, Select, Textfield } from '@digdir/designsystemet-react';
import { ACCESS_LOG_EXPORT_FILENAME, AccessLogAction, type AccessLogEntry } from '@fast/contracts';
import { DownloadIcon } from '@navikt/aksel-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatOrganisationNumber } from '../../i18n/format.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import classes from './admin.module.css';
import { type AccessLogFilter, adminQueries, downloadAccessLog } from './admin-api.ts';
import { ADMIN_PAGE_SIZE, AdminLogTable } from './admin-pager.tsx';
import { useAdminUrl } from './admin-url.ts';

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
  const log = useQuery(adminQueries.accessLog(filter, { limit: ADMIN_PAGE_SIZE, offset }));
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
        <Button
          type="button"
          variant="secondary"
          loading={exporter.isPending}
          onClick={() => !exporter.isPending && exporter.mutate()}
        >
          <DownloadIcon aria-hidden />
          {t('admin.accessLog.export')}
        </Button>
      </form>
      <AdminLogTable<AccessLogEntry>
        caption={t('admin.accessLog.heading')}
        columns={[
          {
            id: 'time',
            header: t('admin.accessLog.columns.time'),
            cell: (e) => formatDateTime(e.occurredAt),
            className: classes.nowrap,
          },
          { id: 'action', header: t('admin.accessLog.columns.action'), cell: (e) => t(`admin.accessLog.actions.${e.action}`) },
          {
            id: 'user',
            header: t('admin.accessLog.columns.user'),
            cell: (e) => (
              <>
                {e.user ? e.user.fullName : t('admin.accessLog.unknownUser')}
                {e.user?.username && <div className={classes.subtle}>{e.user.username}</div>}
              </>
            ),
          },
          {
            id: 'organisation',
            header: t('admin.accessLog.columns.organisation'),
            cell: (e) => (
              <>
                {e.organisationName ?? ''}
                <div className={classes.subtle}>{formatOrganisationNumber(e.organisationNumber)}</div>
              </>
            ),
          },
          {
            id: 'facilities',
            header: t('admin.accessLog.columns.facilities'),
            cell: (e) => (
              <>
                {e.facilityIds.join(', ')}{' '}
                {e.facilityCount > e.facilityIds.length && (
                  <span className={classes.subtle}>
                    {t('admin.accessLog.more', { count: e.facilityCount - e.facilityIds.length })}
                  </span>
                )}
              </>
            ),
          },
          { id: 'detail', header: t('admin.accessLog.columns.detail'), cell: (e) => e.detail ?? '' },
        ]}
        log={log}
        emptyText={t('admin.accessLog.empty')}
        offset={offset}
        onOffsetChange={(next) => change({ offset: next })}
      />
    </div>
  );
}
