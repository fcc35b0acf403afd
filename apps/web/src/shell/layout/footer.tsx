import { Link, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { platformQueries } from '../../api/platform-queries.ts';
import { formatOrganisationNumber, formatPhone } from '../../i18n/format.ts';
import classes from './footer.module.css';

/** The authority's contact details from GET /api/frontend/config; empty (but its height kept) until they arrive. */
export function Footer() {
  const { t } = useTranslation();
  const { data } = useQuery(platformQueries.frontendConfig());
  const contact = data?.contact;
  return (
    <footer className={classes.footer}>
      {contact && (
        <section aria-label={t('footer.region')} className={classes.content}>
          <Paragraph className={classes.name}>{contact.name}</Paragraph>
          <dl className={classes.facts}>
            <div>
              <dt>{t('footer.postalAddress')}</dt>
              <dd className="pre-line">{contact.postalAddress}</dd>
            </div>
            <div>
              <dt>{t('footer.phone')}</dt>
              <dd>
                <Link href={`tel:+47${contact.phone}`} data-color="neutral">
                  {formatPhone(contact.phone)}
                </Link>
              </dd>
            </div>
            <div>
              <dt>{t('footer.email')}</dt>
              <dd>
                <Link href={`mailto:${contact.email}`} data-color="neutral">
                  {contact.email}
                </Link>
              </dd>
            </div>
            <div>
              <dt>{t('footer.organisationNumber')}</dt>
              <dd>{formatOrganisationNumber(contact.organizationNumber)}</dd>
            </div>
          </dl>
        </section>
      )}
    </footer>
  );
}
