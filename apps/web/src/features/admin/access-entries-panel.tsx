import { Alert, Button, Checkbox, Field, Heading, Label, Paragraph, Select, Spinner, Table } from '@digdir/designsystemet-react';
import type { AdminAccessEntry } from '@fast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessQueries } from '../../api/access-api.ts';
import { TableScroll } from '../../components/table-scroll.tsx';
import { formatDate, formatDateTime } from '../../i18n/format.ts';
import { toast } from '../../shell/toasts/toast-store.ts';
import classes from './admin.module.css';
import { adminQueries, decideAccess } from './admin-api.ts';
import { ADMIN_PAGE_SIZE, AdminPager } from './admin-pager.tsx';
import { useAdminUrl } from './admin-url.ts';
import { ReasonDialog } from './reason-dialog.tsx';

const AGES = ['7', '14', '30'] as const;

type Mode = 'PENDING' | 'ACTIVE';
type Pending = { kind: 'deny' | 'revoke'; entries: AdminAccessEntry[] } | null;

function Filters({ mode }: { mode: Mode }) {
  const { t } = useTranslation();
  const [url, change] = useAdminUrl();
  const municipalities = useQuery(accessQueries.municipalities());
  const organisations = useQuery(adminQueries.organisations());
  const county = url.countyId ?? '';
  const counties = useMemo(() => {
    const byId = new Map<string, string>();
    for (const m of municipalities.data ?? []) byId.set(m.countyId, m.countyName);
    return [...byId].sort((a, b) => a[1].localeCompare(b[1], 'nb'));
  }, [municipalities.data]);
  const inCounty = (municipalities.data ?? [])
    .filter((m) => !county || m.countyId === county)
    .sort((a, b) => a.name.localeCompare(b.name, 'nb'));

  return (
    <fieldset className={`${classes.filters} ${classes.filterFieldset}`}>
      <legend className="visually-hidden">{t('admin.filters.legend')}</legend>
      <Field>
        <Label>{t('admin.filters.county')}</Label>
        <Select value={county} onChange={(e) => change({ countyId: e.target.value, municipalityCode: undefined })}>
          <Select.Option value="">{t('admin.filters.allCounties')}</Select.Option>
          {counties.map(([id, name]) => (
            <Select.Option key={id} value={id}>
              {name}
            </Select.Option>
          ))}
        </Select>
      </Field>
      <Field>
        <Label>{t('admin.filters.municipality')}</Label>
        <Select value={url.municipalityCode ?? ''} onChange={(e) => change({ municipalityCode: e.target.value })}>
          <Select.Option value="">{t('admin.filters.allMunicipalities')}</Select.Option>
          {inCounty.map((m) => (
            <Select.Option key={m.id} value={m.id}>
              {m.name}
            </Select.Option>
          ))}
        </Select>
      </Field>
      <Field>
        <Label>{t('admin.filters.organisation')}</Label>
        <Select value={url.organisationNumber ?? ''} onChange={(e) => change({ organisationNumber: e.target.value })}>
          <Select.Option value="">{t('admin.filters.allOrganisations')}</Select.Option>
          {(organisations.data ?? []).map((o) => (
            <Select.Option key={o.organisationNumber} value={o.organisationNumber}>
              {o.name}
            </Select.Option>
          ))}
        </Select>
      </Field>
      {mode === 'PENDING' && (
        <Field>
          <Label>{t('admin.filters.age')}</Label>
          <Select value={url.minAgeDays ?? ''} onChange={(e) => change({ minAgeDays: e.target.value })}>
            <Select.Option value="">{t('admin.filters.anyAge')}</Select.Option>
            {AGES.map((days) => (
              <Select.Option key={days} value={days}>
                {t('admin.filters.olderThan', { days })}
              </Select.Option>
            ))}
          </Select>
        </Field>
      )}
      <Button
        variant="tertiary"
        onClick={() =>
          change({ countyId: undefined, municipalityCode: undefined, organisationNumber: undefined, minAgeDays: undefined })
        }
      >
        {t('admin.filters.reset')}
      </Button>
    </fieldset>
  );
}

const names = (entries: readonly AdminAccessEntry[]) =>
  entries.map((e) => `${e.municipalityName} (${e.user.fullName}, ${e.organisationName})`).join('; ');

/**
 * Pending requests (approve or deny, one by one or the ticked ones) or active accesses (revoke),
 * across users and organisations, filtered by county, municipality, organisation and age.
 */
export function AccessEntriesPanel({ mode }: { mode: Mode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [url, change] = useAdminUrl();
  const filter = {
    status: mode,
    countyId: url.countyId,
    municipalityCode: url.municipalityCode,
    organisationNumber: url.organisationNumber,
    minAgeDays: mode === 'PENDING' ? url.minAgeDays : undefined,
    limit: ADMIN_PAGE_SIZE,
    offset: url.offset,
  };
  const list = useQuery(adminQueries.accessEntries(filter));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<Pending>(null);

  const decide = useMutation({
    mutationFn: ({
      kind,
      entries,
      reason,
    }: {
      kind: 'approve' | 'deny' | 'revoke';
      entries: AdminAccessEntry[];
      reason?: string;
    }) =>
      decideAccess(
        kind,
        entries.map((e) => e.id),
        reason,
      ),
    onSuccess: (decided, { kind }) => {
      const key =
        kind === 'approve' ? 'admin.requests.approved' : kind === 'deny' ? 'admin.requests.denied' : 'admin.accesses.revoked';
      toast.positive({ key, values: { names: names(decided) } });
      setSelected(new Set());
      setDialog(null);
    },
    // Also after a conflict: the list must show what another administrator decided.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueries.all }),
  });

  const entries = list.data?.entries ?? [];
  const chosen = entries.filter((e) => selected.has(e.id));
  const allChosen = entries.length > 0 && chosen.length === entries.length;
  const heading = mode === 'PENDING' ? t('admin.requests.heading') : t('admin.accesses.heading');

  return (
    <div className={classes.panel}>
      <Heading level={2} data-size="sm">
        {heading}
      </Heading>
      <Filters mode={mode} />
      {list.isPending && <Spinner aria-label={t('header.loading')} />}
      {list.isError && (
        <Alert data-color="danger">
          <Paragraph>{t('errors.UNEXPECTED_ERROR')}</Paragraph>
        </Alert>
      )}
      {list.data && (
        <>
          <div className={classes.toolbar}>
            <Paragraph data-size="sm" aria-live="polite">
              {t('admin.requests.total', { count: list.data.total })}
            </Paragraph>
            {mode === 'PENDING' && (
              <>
                <Button
                  data-size="sm"
                  disabled={chosen.length === 0 || decide.isPending}
                  onClick={() => decide.mutate({ kind: 'approve', entries: chosen })}
                >
                  {t('admin.requests.approveSelected', { count: chosen.length })}
                </Button>
                <Button
                  data-size="sm"
                  variant="secondary"
                  data-color="danger"
                  disabled={chosen.length === 0 || decide.isPending}
                  onClick={() => setDialog({ kind: 'deny', entries: chosen })}
                >
                  {t('admin.requests.denySelected', { count: chosen.length })}
                </Button>
              </>
            )}
          </div>
          {entries.length === 0 ? (
            <Paragraph>{mode === 'PENDING' ? t('admin.requests.empty') : t('admin.accesses.empty')}</Paragraph>
          ) : (
            <TableScroll label={heading}>
              <Table className={classes.table} data-size="sm" zebra>
                <caption className="visually-hidden">{heading}</caption>
                <Table.Head>
                  <Table.Row>
                    {mode === 'PENDING' && (
                      <Table.HeaderCell>
                        <Checkbox
                          aria-label={t('admin.requests.selectAll')}
                          checked={allChosen}
                          ref={(input) => {
                            // Some but not all ticked: the native mixed state, which the component has no prop for.
                            if (input) input.indeterminate = chosen.length > 0 && !allChosen;
                          }}
                          onChange={(e) => setSelected(e.target.checked ? new Set(entries.map((x) => x.id)) : new Set())}
                        />
                      </Table.HeaderCell>
                    )}
                    <Table.HeaderCell>{t('admin.columns.user')}</Table.HeaderCell>
                    <Table.HeaderCell>{t('admin.columns.organisation')}</Table.HeaderCell>
                    <Table.HeaderCell>{t('admin.columns.municipality')}</Table.HeaderCell>
                    <Table.HeaderCell>{t('admin.columns.requestedAt')}</Table.HeaderCell>
                    {mode === 'ACTIVE' && <Table.HeaderCell>{t('admin.columns.decidedAt')}</Table.HeaderCell>}
                    <Table.HeaderCell>{t('admin.columns.actions')}</Table.HeaderCell>
                  </Table.Row>
                </Table.Head>
                <Table.Body>
                  {entries.map((entry) => (
                    <Table.Row key={entry.id}>
                      {mode === 'PENDING' && (
                        <Table.Cell>
                          <Checkbox
                            aria-label={t('admin.requests.selectRow', {
                              user: entry.user.fullName,
                              municipality: entry.municipalityName,
                            })}
                            checked={selected.has(entry.id)}
                            onChange={(e) => {
                              const next = new Set(selected);
                              if (e.target.checked) next.add(entry.id);
                              else next.delete(entry.id);
                              setSelected(next);
                            }}
                          />
                        </Table.Cell>
                      )}
                      <Table.Cell>
                        {entry.user.fullName}
                        {entry.user.username && <div className={classes.subtle}>{entry.user.username}</div>}
                      </Table.Cell>
                      <Table.Cell>{entry.organisationName}</Table.Cell>
                      <Table.Cell>
                        {entry.municipalityName}
                        <div className={classes.subtle}>{entry.countyName}</div>
                      </Table.Cell>
                      <Table.Cell className={classes.nowrap}>{formatDate(entry.requestedAt)}</Table.Cell>
                      {mode === 'ACTIVE' && (
                        <Table.Cell className={classes.nowrap}>
                          {entry.decidedAt ? formatDateTime(entry.decidedAt) : ''}
                          {entry.decidedBy && <div className={classes.subtle}>{entry.decidedBy}</div>}
                        </Table.Cell>
                      )}
                      <Table.Cell>
                        <div className={classes.rowActions}>
                          {mode === 'PENDING' ? (
                            <>
                              <Button
                                data-size="sm"
                                disabled={decide.isPending}
                                aria-label={`${t('admin.requests.approve')}: ${entry.municipalityName}, ${entry.user.fullName}`}
                                onClick={() => decide.mutate({ kind: 'approve', entries: [entry] })}
                              >
                                {t('admin.requests.approve')}
                              </Button>
                              <Button
                                data-size="sm"
                                variant="secondary"
                                data-color="danger"
                                disabled={decide.isPending}
                                aria-label={`${t('admin.requests.deny')}: ${entry.municipalityName}, ${entry.user.fullName}`}
                                onClick={() => setDialog({ kind: 'deny', entries: [entry] })}
                              >
                                {t('admin.requests.deny')}
                              </Button>
                            </>
                          ) : (
                            <Button
                              data-size="sm"
                              variant="secondary"
                              data-color="danger"
                              disabled={decide.isPending}
                              aria-label={`${t('admin.accesses.revoke')}: ${entry.municipalityName}, ${entry.user.fullName}`}
                              onClick={() => setDialog({ kind: 'revoke', entries: [entry] })}
                            >
                              {t('admin.accesses.revoke')}
                            </Button>
                          )}
                        </div>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table>
            </TableScroll>
          )}
          <AdminPager
            total={list.data.total}
            shown={entries.length}
            offset={url.offset}
            onOffsetChange={(next) => change({ offset: next })}
          />
        </>
      )}
      <ReasonDialog
        open={dialog !== null}
        title={
          dialog?.kind === 'revoke'
            ? t('admin.revokeDialog.title')
            : dialog && dialog.entries.length > 1
              ? t('admin.denyDialog.titleMany', { count: dialog.entries.length })
              : t('admin.denyDialog.title')
        }
        body={
          dialog?.kind === 'revoke' && dialog.entries[0]
            ? t('admin.revokeDialog.body', {
                user: dialog.entries[0].user.fullName,
                organisation: dialog.entries[0].organisationName,
                municipality: dialog.entries[0].municipalityName,
              })
            : dialog
              ? names(dialog.entries)
              : undefined
        }
        label={dialog?.kind === 'revoke' ? t('admin.revokeDialog.reasonLabel') : t('admin.denyDialog.reasonLabel')}
        required={dialog?.kind !== 'revoke'}
        confirm={dialog?.kind === 'revoke' ? t('admin.revokeDialog.confirm') : t('admin.denyDialog.confirm')}
        busy={decide.isPending}
        onConfirm={(reason) =>
          dialog && decide.mutate({ kind: dialog.kind, entries: dialog.entries, reason: reason || undefined })
        }
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
