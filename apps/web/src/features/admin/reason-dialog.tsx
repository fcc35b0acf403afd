import { Button, Dialog, Heading, Paragraph, Textfield } from '@digdir/designsystemet-react';
import { ACCESS_REASON_MAX_LENGTH } from '@fast/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './admin.module.css';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  body?: string;
  label: string;
  required: boolean;
  confirm: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks for the reason the requester will read (required for a denial, optional for a revocation). */
export function ReasonDialog({ open, title, body, label, required, confirm, busy, onConfirm, onClose }: ReasonDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setReason('');
      setError(null);
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    if (required && trimmed === '') return setError(t('admin.denyDialog.reasonRequired'));
    if (trimmed.length > ACCESS_REASON_MAX_LENGTH) {
      return setError(t('admin.denyDialog.reasonTooLong', { max: ACCESS_REASON_MAX_LENGTH }));
    }
    onConfirm(trimmed);
  };

  return (
    <Dialog ref={ref} aria-labelledby={headingId} onClose={onClose} closeButton={t('header.closeDialog')}>
      <form onSubmit={handleSubmit} noValidate>
        <Dialog.Block className={classes.dialogBody}>
          <Heading level={2} data-size="sm" id={headingId}>
            {title}
          </Heading>
          {body && <Paragraph>{body}</Paragraph>}
          <Textfield
            multiline
            rows={5}
            label={label}
            description={t('admin.denyDialog.reasonDescription', { max: ACCESS_REASON_MAX_LENGTH })}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
            counter={ACCESS_REASON_MAX_LENGTH}
            error={error ?? undefined}
            required={required}
          />
          <div className={classes.dialogActions}>
            <Button variant="secondary" type="button" onClick={onClose} disabled={busy}>
              {t('admin.denyDialog.cancel')}
            </Button>
            <Button type="submit" data-color="danger" loading={busy}>
              {confirm}
            </Button>
          </div>
        </Dialog.Block>
      </form>
    </Dialog>
  );
}
