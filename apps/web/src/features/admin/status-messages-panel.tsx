import { Alert, Button, Field, Heading, Label, Paragraph, Select, Spinner, Tag, Textfield } from '@digdir/designsystemet-react';
import { type AdminStatusMessage, STATUS_MESSAGE_MAX_LENGTH, StatusMessageType } from '@fast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format.ts';
import { toast } from '../../shell/toasts/toast-store.ts';
import classes from './admin.module.css';
import { adminQueries, endStatusMessage, saveStatusMessage } from './admin-api.ts';
import { fromLocalInput, toLocalInput } from './datetime-local.ts';

const STATE_COLOR = { ACTIVE: 'success', SCHEDULED: 'info', ENDED: 'neutral' } as const;

interface Draft {
  id: number | null;
  type: StatusMessageType;
  message: string;
  messageNn: string;
  validFrom: string;
  validTo: string;
}

const emptyDraft = (): Draft => ({
  id: null,
  type: 'INFO',
  message: '',
  messageNn: '',
  validFrom: toLocalInput(new Date().toISOString()),
  validTo: '',
});

function MessageForm({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(draft);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      saveStatusMessage(value.id, {
        type: value.type,
        message: value.message.trim(),
        messageNn: value.messageNn.trim() || null,
        validFrom: fromLocalInput(value.validFrom) ?? new Date().toISOString(),
        validTo: fromLocalInput(value.validTo),
      }),
    onSuccess: () => {
      toast.positive({ key: value.id === null ? 'admin.statusMessages.created' : 'admin.statusMessages.updated' });
      onDone();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueries.statusMessages().queryKey }),
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A busy button still takes clicks (`loading` only marks it): a second would save a second message.
    if (save.isPending) return;
    if (value.message.trim() === '') return setError(t('admin.statusMessages.message'));
    setError(null);
    save.mutate();
  };

  return (
    <form
      className={classes.form}
      onSubmit={handleSubmit}
      noValidate
      aria-label={value.id === null ? t('admin.statusMessages.new') : t('admin.statusMessages.editing')}
    >
      <Heading level={3} data-size="xs">
        {value.id === null ? t('admin.statusMessages.new') : t('admin.statusMessages.editing')}
      </Heading>
      <Field>
        <Label>{t('admin.statusMessages.type')}</Label>
        <Select value={value.type} onChange={(e) => setValue({ ...value, type: e.target.value as StatusMessageType })}>
          {StatusMessageType.map((type) => (
            <Select.Option key={type} value={type}>
              {t(`admin.statusMessages.types.${type}`)}
            </Select.Option>
          ))}
        </Select>
      </Field>
      <Textfield
        multiline
        rows={4}
        label={t('admin.statusMessages.message')}
        description={t('admin.statusMessages.messageDescription')}
        value={value.message}
        counter={STATUS_MESSAGE_MAX_LENGTH}
        error={error ?? undefined}
        onChange={(e) => setValue({ ...value, message: e.target.value })}
        required
      />
      <Textfield
        multiline
        rows={4}
        label={t('admin.statusMessages.messageNn')}
        description={t('admin.statusMessages.messageNnDescription')}
        value={value.messageNn}
        counter={STATUS_MESSAGE_MAX_LENGTH}
        onChange={(e) => setValue({ ...value, messageNn: e.target.value })}
      />
      <div className={classes.twoColumns}>
        <Textfield
          type="datetime-local"
          label={t('admin.statusMessages.validFrom')}
          value={value.validFrom}
          onChange={(e) => setValue({ ...value, validFrom: e.target.value })}
        />
        <Textfield
          type="datetime-local"
          label={t('admin.statusMessages.validTo')}
          value={value.validTo}
          onChange={(e) => setValue({ ...value, validTo: e.target.value })}
        />
      </div>
      <div className={classes.toolbar}>
        <Button type="submit" loading={save.isPending}>
          {value.id === null ? t('admin.statusMessages.create') : t('admin.statusMessages.save')}
        </Button>
        {value.id !== null && (
          <Button variant="tertiary" type="button" onClick={onDone}>
            {t('admin.statusMessages.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

function MessageCard({ message, onEdit }: { message: AdminStatusMessage; onEdit: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: () => endStatusMessage(message.id),
    onSuccess: () => toast.positive({ key: 'admin.statusMessages.ended' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueries.statusMessages().queryKey }),
  });
  return (
    <li className={classes.card}>
      <div className={classes.cardHead}>
        <Tag data-color={STATE_COLOR[message.state]} data-size="sm">
          {t(`admin.statusMessages.states.${message.state}`)}
        </Tag>
        <Tag data-size="sm" variant="outline">
          {t(`admin.statusMessages.types.${message.type}`)}
        </Tag>
        <span className={classes.subtle}>
          {t('admin.statusMessages.period', {
            from: formatDateTime(message.validFrom),
            to: message.validTo ? formatDateTime(message.validTo) : t('admin.statusMessages.untilEnded'),
          })}
        </span>
      </div>
      <Paragraph className="pre-line">{message.message}</Paragraph>
      {message.messageNn && (
        <Paragraph className="pre-line" lang="nn">
          {message.messageNn}
        </Paragraph>
      )}
      {message.state !== 'ENDED' && (
        <div className={classes.rowActions}>
          <Button variant="secondary" data-size="sm" onClick={onEdit}>
            {t('admin.statusMessages.edit')}
          </Button>
          <Button
            variant="tertiary"
            data-size="sm"
            data-color="danger"
            loading={end.isPending}
            onClick={() => !end.isPending && end.mutate()}
          >
            {t('admin.statusMessages.end')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** Create, edit and end the banner's status messages (type, multi-line text, validity period). */
export function StatusMessagesPanel() {
  const { t } = useTranslation();
  const messages = useQuery(adminQueries.statusMessages());
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  // A new form (fresh state) whenever another message is edited or one is saved.
  const [formKey, setFormKey] = useState(0);
  const edit = (next: Draft) => {
    setDraft(next);
    setFormKey((k) => k + 1);
  };

  return (
    <div className={classes.panel}>
      <Heading level={2} data-size="sm">
        {t('admin.statusMessages.heading')}
      </Heading>
      <Paragraph>{t('admin.statusMessages.intro')}</Paragraph>
      <MessageForm key={formKey} draft={draft} onDone={() => edit(emptyDraft())} />
      {messages.isPending && <Spinner aria-label={t('header.loading')} />}
      {messages.isError && <Alert data-color="danger">{t('errors.UNEXPECTED_ERROR')}</Alert>}
      {messages.data?.length === 0 && <Paragraph>{t('admin.statusMessages.empty')}</Paragraph>}
      {messages.data && messages.data.length > 0 && (
        <ul className={classes.cards}>
          {messages.data.map((message) => (
            <MessageCard
              key={message.id}
              message={message}
              onEdit={() =>
                edit({
                  id: message.id,
                  type: message.type,
                  message: message.message,
                  messageNn: message.messageNn ?? '',
                  validFrom: toLocalInput(message.validFrom),
                  validTo: toLocalInput(message.validTo),
                })
              }
            />
          ))}
        </ul>
      )}
    </div>
  );
}
