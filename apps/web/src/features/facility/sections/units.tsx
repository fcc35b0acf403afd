import { Table } from '@digdir/designsystemet-react';
import type { FacilityDetail } from '@fast/contracts';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { useLocalisedName } from '../../../i18n/use-localised-name.ts';
import classes from '../facility.module.css';
import { Section } from '../section.tsx';

/** The facility units (anleggsenheter) with their types. */
export function UnitsSection({ facility }: { facility: FacilityDetail }) {
  const { t } = useTranslation();
  const localised = useLocalisedName();
  return (
    <Section id="units" heading={t('facility.units.heading')}>
      <TableScroll label={t('facility.units.caption')}>
        <Table data-size="sm" className={classes.table}>
          <caption className="visually-hidden">{t('facility.units.caption')}</caption>
          <Table.Head>
            <Table.Row>
              <Table.HeaderCell>{t('facility.units.number')}</Table.HeaderCell>
              <Table.HeaderCell>{t('facility.units.type')}</Table.HeaderCell>
              <Table.HeaderCell>{t('facility.units.name')}</Table.HeaderCell>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {facility.units.map((unit) => (
              <Table.Row key={unit.position}>
                <Table.Cell>{unit.position + 1}</Table.Cell>
                <Table.Cell>{localised(unit.type.description, unit.type.descriptionNn)}</Table.Cell>
                <Table.Cell className={unit.name ? undefined : classes.muted}>{unit.name ?? t('facility.notGiven')}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </TableScroll>
    </Section>
  );
}
