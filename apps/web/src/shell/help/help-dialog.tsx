import { Button, Dialog, Heading } from '@digdir/designsystemet-react';
import { QuestionmarkCircleIcon } from '@navikt/aksel-icons';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../i18n/rich-text.tsx';
import type { HelpKey } from '../../routes/route-handle.ts';
import classes from './help-dialog.module.css';

/** The header's context help: a button opening a dialog with the current page's help text. */
export function HelpDialog({ page }: { page: HelpKey }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  return (
    <>
      <Button variant="tertiary" data-color="neutral" onClick={() => dialogRef.current?.showModal()} aria-haspopup="dialog">
        <QuestionmarkCircleIcon aria-hidden />
        <span className={classes.label}>{t('header.help')}</span>
      </Button>
      <Dialog ref={dialogRef} closedby="any" closeButton={t('header.closeDialog')} aria-labelledby={headingId}>
        <Dialog.Block>
          <Heading level={2} data-size="sm" id={headingId}>
            {t(`help.${page}.title`)}
          </Heading>
        </Dialog.Block>
        <Dialog.Block className={classes.body}>
          <RichText i18nKey={`help.${page}.body`} />
        </Dialog.Block>
      </Dialog>
    </>
  );
}
