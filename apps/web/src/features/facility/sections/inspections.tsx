import { Tag } from '@digdir/designsystemet-react';
import type { FacilityDetail } from '@fast/contracts';

type FacilityInspection = FacilityDetail['inspections'][number];

import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { DocumentDownload } from '../document-download.tsx';
import classes from '../facility.module.css';
import { Section } from '../section.tsx';

/** Inspections (tilsyn): planned ones first, then the newest done, with the report PDF and contact person. */
export function InspectionsSection({ facility }: { facility: FacilityDetail }) {
  const { t } = useTranslation();
  const columns: DataColumn<FacilityInspection>[] = [
    { id: 'year', header: t('facility.inspections.year'), cell: (inspection) => inspection.year, className: classes.numeric },
    {
      id: 'type',
      header: t('facility.inspections.type'),
      cell: (inspection) => t(`facility.inspections.types.${inspection.type}`),
    },
    {
      id: 'authority',
      header: t('facility.inspections.authority'),
      cell: (inspection) => t(`facility.inspections.authorities.${inspection.authority}`),
    },
    {
      id: 'status',
      header: t('facility.inspections.status'),
      cell: (inspection) => (
        <Tag data-color={inspection.status === 'DONE' ? 'success' : 'info'} data-size="sm">
          {t(`facility.inspections.statuses.${inspection.status}`)}
        </Tag>
      ),
    },
    {
      id: 'contactPerson',
      header: t('facility.inspections.contactPerson'),
      cell: (inspection) => inspection.contactPerson ?? <span className={classes.muted}>{t('facility.notGiven')}</span>,
    },
    {
      id: 'report',
      header: t('facility.inspections.report'),
      cell: (inspection) =>
        inspection.reportPath ? (
          <DocumentDownload
            path={inspection.reportPath}
            name={t('facility.inspections.download', { year: String(inspection.year) })}
          />
        ) : (
          <span className={classes.muted}>{t('facility.inspections.noReport')}</span>
        ),
    },
  ];
  return (
    <Section id="inspections" heading={t('facility.inspections.heading')} wide>
      <DataTable
        caption={t('facility.inspections.caption')}
        columns={columns}
        rows={facility.inspections}
        rowKey={(inspection) => inspection.id}
        loadingText={t('header.loading')}
        emptyText={t('facility.inspections.none')}
      />
    </Section>
  );
}
