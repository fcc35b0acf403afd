import { Textfield } from '@digdir/designsystemet-react';
import { ACCESS_REASON_MAX_LENGTH } from '@fast/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog.tsx';

interface ReasonDialogProps extends Omit<ConfirmDialogProps, 'onConfirm' | 'children'> {
  label: string;
  required: boolean;
  onConfirm: (reason: string) => void;
}

/** Asks for the reason the requester will read (required for a denial, optional for a revocation). */
export function ReasonDialog({ label, required, onConfirm, ...dialog }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (dialog.open) {
      setReason('');
      setError(null);
    }
  }, [dialog.open]);

  const handleConfirm = () => {
    const trimmed = reason.trim();
    if (required && trimmed === '') return setError(t('admin.denyDialog.reasonRequired'));
    if (trimmed.length > ACCESS_REASON_MAX_LENGTH) {
      return setError(t('admin.denyDialog.reasonTooLong', { max: ACCESS_REASON_MAX_LENGTH }));
    }
    onConfirm(trimmed);
  };

  return (
    <ConfirmDialog {...dialog} onConfirm={handleConfirm}>
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
    </ConfirmDialog>
  );
}
