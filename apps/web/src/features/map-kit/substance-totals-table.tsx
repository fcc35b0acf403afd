import { Paragraph, Table } from '@digdir/designsystemet-react';
import type { MapZoneSubstanceTotal } from '@fast/contracts';
import { useTranslation } from 'react-i18next';
import { formatQuantityWithUnit } from '../../components/facility-format.ts';
import { TableScroll } from '../../components/table-scroll.tsx';
import { useLocalisedName } from '../../i18n/use-localised-name.ts';
import classes from './substance-totals-table.module.css';

/** What the facilities inside an area store, by substance group (a zone on the map, an incident's radius). */
export function SubstanceTotalsTable({ totals, label }: { totals: readonly MapZoneSubstanceTotal[]; label: string }) {
  const { t } = useTranslation();
  const localised = useLocalisedName();
  if (totals.length === 0) return <Paragraph data-size="sm">{t('map.zones.noSubstances')}</Paragraph>;
  return (
    <TableScroll className={classes.tableScroll} label={label}>
      <Table data-size="sm" aria-label={label}>
        <Table.Head>
          <Table.Row>
            <Table.HeaderCell>{t('map.zones.totalsColumns.group')}</Table.HeaderCell>
            <Table.HeaderCell>{t('map.zones.totalsColumns.volume')}</Table.HeaderCell>
            <Table.HeaderCell>{t('map.zones.totalsColumns.mass')}</Table.HeaderCell>
            <Table.HeaderCell>{t('map.zones.totalsColumns.facilities')}</Table.HeaderCell>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {totals.map((s) => (
            <Table.Row key={s.substanceGroupId}>
              <Table.Cell>{localised(s.name, s.nameNn)}</Table.Cell>
              <Table.Cell>{s.cubicMetres > 0 ? formatQuantityWithUnit(s.cubicMetres, 'm3', t) : '–'}</Table.Cell>
              <Table.Cell>{s.tonnes > 0 ? formatQuantityWithUnit(s.tonnes, 'tonn', t) : '–'}</Table.Cell>
              <Table.Cell>{s.facilityCount}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </TableScroll>
  );
}
