import { Dropdown } from '@digdir/designsystemet-react';
import { LANGUAGES, type Language } from '@fast/contracts';
import { CheckmarkIcon, GlobeIcon } from '@navikt/aksel-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../i18n/i18n.ts';
import classes from '../layout/header.module.css';

/** Bokmål or Nynorsk; each language's name is written, and marked up, in that language. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const language = i18n.resolvedLanguage === 'nn' ? 'nn' : currentLanguage();

  const handleChoose = (choice: Language) => {
    setOpen(false);
    // A failure to fetch the language file is reported by the HTTP client; the app stays in the current language.
    changeLanguage(choice).catch(() => undefined);
  };

  return (
    <Dropdown.TriggerContext>
      <Dropdown.Trigger
        variant="tertiary"
        data-color="neutral"
        aria-label={t('header.languageCurrent', { language: t(`languages.${language}`) })}
      >
        <GlobeIcon aria-hidden />
        <span className={classes.wideOnly}>{t(`languages.${language}`)}</span>
      </Dropdown.Trigger>
      <Dropdown placement="bottom-end" open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
        <Dropdown.Heading>{t('header.language')}</Dropdown.Heading>
        <Dropdown.List>
          {LANGUAGES.map((choice) => (
            <Dropdown.Item key={choice}>
              <Dropdown.Button lang={choice} aria-current={choice === language} onClick={() => handleChoose(choice)}>
                {choice === language ? <CheckmarkIcon aria-hidden /> : <span className={classes.iconSpace} aria-hidden />}
                {t(`languages.${choice}`)}
              </Dropdown.Button>
            </Dropdown.Item>
          ))}
        </Dropdown.List>
      </Dropdown>
    </Dropdown.TriggerContext>
  );
}
