import { Button, Dialog, Heading, Paragraph } from '@digdir/designsystemet-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './admin.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body?: string;
  /** The confirming button's text: what happens ("Avslå", "Rull tilbake"). */
  confirm: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Between the body and the buttons: a field to fill in, a failure to read. */
  children?: ReactNode;
}

/** Asks before a console action that cannot simply be undone: a modal with its title, what it does, cancel and confirm. */
export function ConfirmDialog({ open, title, body, confirm, busy, onConfirm, onClose, children }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A busy button still takes clicks (`loading` only marks it).
    if (!busy) onConfirm();
  };

  return (
    <Dialog ref={ref} aria-labelledby={headingId} onClose={onClose} closeButton={t('header.closeDialog')}>
      <form onSubmit={handleSubmit} noValidate>
        <Dialog.Block className={classes.dialogBody}>
          <Heading level={2} data-size="sm" id={headingId}>
            {title}
          </Heading>
          {body && <Paragraph>{body}</Paragraph>}
          {children}
          <div className={classes.dialogActions}>
            <Button variant="secondary" type="button" onClick={onClose} disabled={busy}>
              {t('admin.dialog.cancel')}
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
