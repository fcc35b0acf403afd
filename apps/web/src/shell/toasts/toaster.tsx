import { Alert, Button, Paragraph } from '@digdir/designsystemet-react';
import { XMarkIcon } from '@navikt/aksel-icons';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useTextTranslator } from '../../i18n/text.ts';
import { useStore } from '../../lib/store.ts';
import { CopyReferenceButton } from './copy-reference-button.tsx';
import { dismissToast, type Toast, toastStore } from './toast-store.ts';
import classes from './toaster.module.css';

const COLOR: Record<Toast['kind'], string> = {
  positive: 'success',
  error: 'danger',
  default: 'info',
  confirm: 'info',
};

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const translate = useTextTranslator();
  const style = toast.durationMs === null ? undefined : ({ '--toast-duration': `${toast.durationMs}ms` } as CSSProperties);
  return (
    <li className={classes.item} data-kind={toast.kind}>
      <Alert data-color={COLOR[toast.kind]} className={classes.alert} style={style}>
        <div className={classes.content}>
          <Paragraph className={classes.message}>{translate(toast.message)}</Paragraph>
          {toast.reference !== null && <CopyReferenceButton reference={toast.reference} />}
          {toast.actions.length > 0 && (
            <div className={classes.actions}>
              {toast.actions.map((action) => (
                <Button
                  key={action.label}
                  variant={action.variant ?? 'secondary'}
                  data-size="sm"
                  onClick={() => {
                    dismissToast(toast.id);
                    action.onClick();
                  }}
                >
                  {t(action.label)}
                </Button>
              ))}
            </div>
          )}
        </div>
        <Button
          variant="tertiary"
          icon
          data-size="sm"
          data-color="neutral"
          aria-label={t('toasts.close')}
          className={classes.close}
          onClick={() => dismissToast(toast.id)}
        >
          <XMarkIcon aria-hidden />
        </Button>
        {toast.kind === 'error' && <span className={classes.progress} aria-hidden />}
      </Alert>
    </li>
  );
}

/** Where toasts appear: a live region at the bottom right; confirm toasts in the centre of the screen. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useStore(toastStore);
  const corner = toasts.filter((toast) => toast.kind !== 'confirm');
  const centred = toasts.filter((toast) => toast.kind === 'confirm');
  return (
    <>
      <section aria-label={t('toasts.region')} className={classes.region}>
        <ol className={classes.list} aria-live="polite" aria-relevant="additions">
          {corner.map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
        </ol>
      </section>
      {centred.length > 0 && (
        <section aria-label={t('toasts.region')} className={classes.centred}>
          <ol className={classes.list} aria-live="assertive">
            {centred.map((toast) => (
              <ToastItem key={toast.id} toast={toast} />
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
