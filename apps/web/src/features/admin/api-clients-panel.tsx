import {
  Alert,
  Button,
  Field,
  Heading,
  Label,
  Paragraph,
  Select,
  Tag,
  Textfield,
  ValidationMessage,
} from '@digdir/designsystemet-react';
import {
  API_CLIENT_CONTACT_MAX_LENGTH,
  API_CLIENT_NAME_MAX_LENGTH,
  type ApiClient,
  type ApiClientStatus,
  type ApiClientWithSecret,
} from '@fast/contracts';
import { FilesIcon } from '@navikt/aksel-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table.tsx';
import { formatDateTime, formatOrganisationNumber } from '../../i18n/format.ts';
import { toast } from '../../shell/toasts/toast-store.ts';
import { ActionErrorAlert } from './action-error-alert.tsx';
import classes from './admin.module.css';
import { adminQueries, registerApiClient, revokeApiClient, rotateApiClient } from './admin-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { fromLocalInput, toLocalInput } from './datetime-local.ts';

const STATUS_COLOR: Record<ApiClientStatus, 'success' | 'danger' | 'neutral'> = {
  ACTIVE: 'success',
  REVOKED: 'danger',
  EXPIRED: 'neutral',
};
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

interface Draft {
  name: string;
  organisationNumber: string;
  contact: string;
  expiresAt: string;
  clientId: string;
}

const emptyDraft = (): Draft => ({
  name: '',
  organisationNumber: '',
  contact: '',
  expiresAt: toLocalInput(new Date(Date.now() + YEAR_MS).toISOString()),
  clientId: '',
});

type Missing = Partial<Record<'name' | 'organisationNumber' | 'contact' | 'expiresAt', string>>;

/** The secret, once: with a copy button and the warning that it is never shown again. */
function SecretOnce({ issued, onDone }: { issued: ApiClientWithSecret; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued.secret);
      toast.positive({ key: 'admin.apiClients.secret.copied' });
    } catch {
      toast.error({ key: 'admin.apiClients.secret.copyFailed' });
    }
  };
  return (
    <Alert data-color="warning" role="region" aria-label={t('admin.apiClients.secret.heading', { name: issued.client.name })}>
      <Heading level={3} data-size="xs">
        {t('admin.apiClients.secret.heading', { name: issued.client.name })}
      </Heading>
      <Paragraph>{t('admin.apiClients.secret.warning')}</Paragraph>
      <dl className={classes.secret}>
        <dt>{t('admin.apiClients.columns.clientId')}</dt>
        <dd>
          <code>{issued.client.clientId}</code>
        </dd>
        <dt>{t('admin.apiClients.secret.label')}</dt>
        <dd>
          <code data-testid="api-client-secret">{issued.secret}</code>
        </dd>
      </dl>
      <div className={classes.toolbar}>
        <Button variant="secondary" data-size="sm" onClick={copy}>
          <FilesIcon aria-hidden />
          {t('admin.apiClients.secret.copy')}
        </Button>
        <Button variant="tertiary" data-size="sm" onClick={onDone}>
          {t('admin.apiClients.secret.done')}
        </Button>
      </div>
    </Alert>
  );
}

function RegisterForm({ onIssued }: { onIssued: (issued: ApiClientWithSecret) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const organisations = useQuery(adminQueries.organisations());
  const [value, setValue] = useState(emptyDraft);
  const [missing, setMissing] = useState<Missing>({});
  const register = useMutation({
    mutationFn: () =>
      registerApiClient({
        name: value.name.trim(),
        organisationNumber: value.organisationNumber,
        contact: value.contact.trim(),
        expiresAt: fromLocalInput(value.expiresAt) ?? '',
        ...(value.clientId.trim() ? { clientId: value.clientId.trim() } : {}),
      }),
    onSuccess: (issued) => {
      toast.positive({ key: 'admin.apiClients.registered', values: { name: issued.client.name } });
      setValue(emptyDraft());
      onIssued(issued);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueries.apiClients().queryKey }),
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    const next: Missing = {};
    if (!value.name.trim()) next.name = t('admin.apiClients.form.nameMissing');
    if (!value.organisationNumber) next.organisationNumber = t('admin.apiClients.form.organisationMissing');
    if (!value.contact.trim()) next.contact = t('admin.apiClients.form.contactMissing');
    if (!fromLocalInput(value.expiresAt)) next.expiresAt = t('admin.apiClients.form.expiresAtMissing');
    setMissing(next);
    if (Object.keys(next).length === 0) register.mutate();
  };

  return (
    <form className={classes.form} onSubmit={handleSubmit} noValidate aria-label={t('admin.apiClients.form.heading')}>
      <Heading level={3} data-size="xs">
        {t('admin.apiClients.form.heading')}
      </Heading>
      <Textfield
        label={t('admin.apiClients.form.name')}
        description={t('admin.apiClients.form.nameDescription')}
        value={value.name}
        maxLength={API_CLIENT_NAME_MAX_LENGTH}
        error={missing.name}
        onChange={(e) => setValue({ ...value, name: e.target.value })}
        required
      />
      <Field>
        <Label>{t('admin.apiClients.form.organisation')}</Label>
        <Select
          value={value.organisationNumber}
          aria-invalid={missing.organisationNumber ? true : undefined}
          onChange={(e) => setValue({ ...value, organisationNumber: e.target.value })}
        >
          <Select.Option value="">{t('admin.apiClients.form.chooseOrganisation')}</Select.Option>
          {(organisations.data ?? []).map((organisation) => (
            <Select.Option key={organisation.organisationNumber} value={organisation.organisationNumber}>
              {t('admin.apiClients.organisation', {
                name: organisation.name,
                number: formatOrganisationNumber(organisation.organisationNumber),
              })}
            </Select.Option>
          ))}
        </Select>
        {missing.organisationNumber && <ValidationMessage>{missing.organisationNumber}</ValidationMessage>}
      </Field>
      <Textfield
        label={t('admin.apiClients.form.contact')}
        description={t('admin.apiClients.form.contactDescription')}
        value={value.contact}
        maxLength={API_CLIENT_CONTACT_MAX_LENGTH}
        error={missing.contact}
        onChange={(e) => setValue({ ...value, contact: e.target.value })}
        required
      />
      <div className={classes.twoColumns}>
        <Textfield
          type="datetime-local"
          label={t('admin.apiClients.form.expiresAt')}
          value={value.expiresAt}
          error={missing.expiresAt}
          onChange={(e) => setValue({ ...value, expiresAt: e.target.value })}
          required
        />
        <Textfield
          label={t('admin.apiClients.form.clientId')}
          description={t('admin.apiClients.form.clientIdDescription')}
          value={value.clientId}
          onChange={(e) => setValue({ ...value, clientId: e.target.value })}
        />
      </div>
      {register.isError && <ActionErrorAlert error={register.error} />}
      <div className={classes.toolbar}>
        <Button type="submit" loading={register.isPending}>
          {t('admin.apiClients.form.submit')}
        </Button>
      </div>
    </form>
  );
}

type Pending = { action: 'rotate' | 'revoke'; client: ApiClient };

/**
 * Machine clients of the OGC feed (issue 38): the registered clients with their organisation,
 * contact, expiry and status; registering one; a new secret (rotate) and revoking, each asked
 * first. A secret is shown once, when it is made: FAST keeps only its hash.
 */
export function ApiClientsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const clients = useQuery(adminQueries.apiClients());
  const [issued, setIssued] = useState<ApiClientWithSecret | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const act = useMutation({
    mutationFn: ({ action, client }: Pending) =>
      action === 'rotate' ? rotateApiClient(client.id) : revokeApiClient(client.id).then(() => null),
    onSuccess: (result, { action, client }) => {
      toast.positive({
        key: action === 'rotate' ? 'admin.apiClients.rotated' : 'admin.apiClients.revoked',
        values: { name: client.name },
      });
      setIssued(result);
      setPending(null);
    },
    // Also after a refusal: another administrator may have revoked it meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueries.apiClients().queryKey }),
  });
  const closeDialog = () => {
    setPending(null);
    act.reset();
  };

  const columns: DataColumn<ApiClient>[] = [
    { id: 'name', header: t('admin.apiClients.columns.name'), cell: (c) => c.name },
    {
      id: 'organisation',
      header: t('admin.apiClients.columns.organisation'),
      cell: (c) =>
        t('admin.apiClients.organisation', { name: c.organisationName, number: formatOrganisationNumber(c.organisationNumber) }),
    },
    { id: 'clientId', header: t('admin.apiClients.columns.clientId'), cell: (c) => <code>{c.clientId}</code> },
    { id: 'contact', header: t('admin.apiClients.columns.contact'), cell: (c) => c.contact },
    {
      id: 'expiresAt',
      header: t('admin.apiClients.columns.expiresAt'),
      cell: (c) => formatDateTime(c.expiresAt),
      className: classes.nowrap,
    },
    {
      id: 'status',
      header: t('admin.apiClients.columns.status'),
      cell: (c) => (
        <Tag data-color={STATUS_COLOR[c.status]} data-size="sm">
          {t(`admin.apiClients.status.${c.status}`)}
        </Tag>
      ),
    },
    {
      id: 'actions',
      header: t('admin.apiClients.columns.actions'),
      cell: (c) =>
        c.status === 'REVOKED' ? (
          t('admin.apiClients.revokedBy', { name: c.revokedBy ?? '', date: c.revokedAt ? formatDateTime(c.revokedAt) : '' })
        ) : (
          <div className={classes.rowActions}>
            <Button
              data-size="sm"
              variant="secondary"
              disabled={act.isPending}
              onClick={() => setPending({ action: 'rotate', client: c })}
            >
              {t('admin.apiClients.rotate', { name: c.name })}
            </Button>
            <Button
              data-size="sm"
              variant="tertiary"
              data-color="danger"
              disabled={act.isPending}
              onClick={() => setPending({ action: 'revoke', client: c })}
            >
              {t('admin.apiClients.revoke', { name: c.name })}
            </Button>
          </div>
        ),
    },
  ];

  return (
    <div className={classes.panel}>
      <Heading level={2} data-size="sm">
        {t('admin.apiClients.heading')}
      </Heading>
      <Paragraph>{t('admin.apiClients.intro')}</Paragraph>
      {issued && <SecretOnce issued={issued} onDone={() => setIssued(null)} />}
      <DataTable<ApiClient>
        caption={t('admin.apiClients.caption')}
        columns={columns}
        rows={clients.data}
        rowKey={(c) => c.id}
        loadingText={t('header.loading')}
        emptyText={t('admin.apiClients.empty')}
        error={clients.error}
      />
      <RegisterForm onIssued={setIssued} />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`admin.apiClients.${pending.action}Title`, { name: pending.client.name }) : ''}
        body={pending ? t(`admin.apiClients.${pending.action}Body`, { name: pending.client.name }) : undefined}
        confirm={pending ? t(`admin.apiClients.${pending.action}Confirm`) : ''}
        busy={act.isPending}
        onConfirm={() => pending && act.mutate(pending)}
        onClose={closeDialog}
      >
        {act.isError && <ActionErrorAlert error={act.error} />}
      </ConfirmDialog>
    </div>
  );
}
