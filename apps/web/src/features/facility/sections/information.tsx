import { Heading } from '@digdir/designsystemet-react';
import type { FacilityDetail } from '@fast/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatOrganisationNumber } from '../../../i18n/format.ts';
import classes from '../facility.module.css';
import { Fact, Section } from '../section.tsx';

const date = (value: string) => formatDate(`${value}T12:00:00Z`);

/** Information: the facility's identity, address and the client (owner and who reported it). */
export function InformationSection({ facility }: { facility: FacilityDetail }) {
  const { t } = useTranslation();
  const empty = t('facility.notGiven');
  const { address, client } = facility;
  const postal = [address.postalCode, address.postalPlace].filter(Boolean).join(' ');
  return (
    <Section id="information" heading={t('facility.information.heading')}>
      <dl className={classes.facts}>
        <Fact term={t('facility.information.id')} empty={empty}>
          {facility.id}
        </Fact>
        <Fact term={t('facility.information.name')} empty={empty}>
          {facility.name}
        </Fact>
        <Fact term={t('facility.information.ownerKind')} empty={empty}>
          {facility.privatePerson ? t('facility.information.privatePerson') : t('facility.information.business')}
        </Fact>
        <Fact term={t('facility.information.organisationNumber')} empty={empty}>
          {facility.organisationNumber && formatOrganisationNumber(facility.organisationNumber)}
        </Fact>
        <Fact term={t('facility.information.address')} empty={empty}>
          {address.street}
        </Fact>
        <Fact term={t('facility.information.postal')} empty={empty}>
          {postal}
        </Fact>
        <Fact term={t('facility.information.municipality')} empty={empty}>
          {`${address.municipality.name} (${address.municipality.id})`}
        </Fact>
        <Fact term={t('facility.information.county')} empty={empty}>
          {address.county.name}
        </Fact>
        <Fact term={t('facility.information.explosives')} empty={empty}>
          {facility.explosives ? t('facility.yes') : t('facility.no')}
        </Fact>
        <Fact term={t('facility.information.firstNotification')} empty={empty}>
          {facility.firstSubstanceNotificationOn && date(facility.firstSubstanceNotificationOn)}
        </Fact>
      </dl>
      <Heading level={3} data-size="xs">
        {t('facility.information.clientHeading')}
      </Heading>
      <dl className={classes.facts}>
        <Fact term={t('facility.information.owner')} empty={empty}>
          {client.owner}
        </Fact>
        <Fact term={t('facility.information.clientName')} empty={empty}>
          {client.name}
        </Fact>
        <Fact term={t('facility.information.clientInfo')} empty={empty}>
          {client.info}
        </Fact>
        <Fact term={t('facility.information.clientOrganisationNumber')} empty={empty}>
          {client.organisationNumber && formatOrganisationNumber(client.organisationNumber)}
        </Fact>
      </dl>
    </Section>
  );
}
