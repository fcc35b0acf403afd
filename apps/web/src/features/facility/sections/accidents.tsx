import type { FacilityDetail } from '@fast/contracts';

type FacilityAccident = FacilityDetail['accidents'][number];

import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { DocumentDownload } from '../document-download.tsx';
import classes from '../facility.module.css';
import { Section } from '../section.tsx';

/** Accident reports with their documentation PDFs. */
export function AccidentsSection({ facility }: { facility: FacilityDetail }) {
  const { t } = useTranslation();
  const columns: DataColumn<FacilityAccident>[] = [
    {
      id: 'referenceNumber',
      header: t('facility.accidents.referenceNumber'),
      cell: (accident) => accident.referenceNumber,
      className: classes.numeric,
    },
    {
      id: 'date',
      header: t('facility.accidents.date'),
      cell: (accident) => formatDate(`${accident.date}T12:00:00Z`),
      className: classes.numeric,
    },
    { id: 'reporter', header: t('facility.accidents.reporter'), cell: (accident) => accident.reporter },
    { id: 'source', header: t('facility.accidents.source'), cell: (accident) => accident.source },
    {
      id: 'documentation',
      header: t('facility.accidents.documentation'),
      cell: (accident) =>
        accident.documentationPath ? (
          <DocumentDownload
            path={accident.documentationPath}
            name={t('facility.accidents.download', { reference: accident.referenceNumber })}
          />
        ) : (
          <span className={classes.muted}>{t('facility.accidents.noDocument')}</span>
        ),
    },
  ];
  return (
    <Section id="accidents" heading={t('facility.accidents.heading')} wide>
      <DataTable
        caption={t('facility.accidents.caption')}
        columns={columns}
        rows={facility.accidents}
        rowKey={(accident) => accident.id}
        loadingText={t('header.loading')}
        emptyText={t('facility.accidents.none')}
      />
    </Section>
  );
}
