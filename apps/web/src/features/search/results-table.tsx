import { Link } from '@digdir/designsystemet-react';
import type { SearchCriteria, SearchHit, SearchSortProperty } from '@fast/contracts';
import { LocationPinIcon } from '@navikt/aksel-icons';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { type DataColumn, DataTable } from '../../components/data-table.tsx';
import { PATHS } from '../../config/constants.ts';
import { formatDate } from '../../i18n/format.ts';
import { useLocalisedName } from '../../i18n/use-localised-name.ts';
import type { SearchState } from '../../routes/links.ts';
import classes from './search-screen.module.css';
import type { SearchUpdate } from './use-search-state.ts';

const SORT_PROPERTIES: readonly SearchSortProperty[] = [
  'privatePerson',
  'id',
  'name',
  'address',
  'municipality',
  'firstSubstanceNotificationOn',
  'client',
  'majorAccident',
  'facilityUnitTypes',
];

const isSortProperty = (column: string): column is SearchSortProperty => (SORT_PROPERTIES as readonly string[]).includes(column);

function addressOf(hit: SearchHit): string {
  const place = [hit.address.postalCode, hit.address.postalPlace].filter(Boolean).join(' ');
  return [hit.address.street, place].filter(Boolean).join(', ');
}

/**
 * The nine columns of the specification and a map link per row (a card per hit on a phone),
 * which stays in view at the end of the row when the table is wider than the screen. A
 * click on a row (or Enter on a focused row) opens the facility; the facility id is also a real
 * link for keyboard and screen reader users.
 */
export function ResultsTable(props: {
  hits: SearchHit[] | undefined;
  error: unknown;
  state: SearchState;
  update: SearchUpdate;
  criteria: SearchCriteria | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const localised = useLocalisedName();
  const navigate = useNavigate();
  const { state, update } = props;

  const unitTypeName = (id: number, fallback: string) => {
    const type = props.criteria?.facilityTypes.find((f) => f.id === id);
    return type ? localised(type.description, type.descriptionNn) : fallback;
  };
  const open = (id: number) => navigate(PATHS.facility(id));

  const cells: Record<SearchSortProperty, DataColumn<SearchHit>['cell']> = {
    privatePerson: (hit) => (hit.privatePerson ? t('search.privatePerson') : t('search.business')),
    id: (hit) => (
      <Link asChild>
        <RouterLink to={PATHS.facility(hit.id)}>{hit.id}</RouterLink>
      </Link>
    ),
    name: (hit) => hit.name ?? <span className={classes.muted}>{t('search.noName')}</span>,
    address: addressOf,
    municipality: (hit) => hit.municipality.name,
    firstSubstanceNotificationOn: (hit) =>
      hit.firstSubstanceNotificationOn ? formatDate(`${hit.firstSubstanceNotificationOn}T12:00:00Z`) : '',
    client: (hit) => hit.client,
    majorAccident: (hit) => t(`search.majorAccident.${hit.majorAccident}`),
    facilityUnitTypes: (hit) => hit.facilityUnitTypes.map((type) => unitTypeName(type.id, type.description)).join(', '),
  };
  const columns: DataColumn<SearchHit>[] = [
    ...SORT_PROPERTIES.map((property) => ({
      id: property,
      header: t(`search.columns.${property}`),
      cell: cells[property],
      sortable: true,
      className: property === 'firstSubstanceNotificationOn' ? classes.nowrap : undefined,
    })),
    {
      id: 'map',
      header: t('search.columns.map'),
      // An icon with the row's own name ("Vis anlegg 1234 i kart"); the word only on a phone's card.
      cell: (hit) =>
        hit.hasValidCoordinates ? (
          <Link asChild>
            <RouterLink to={`${PATHS.map}/${hit.id}`} aria-label={t('search.rowMap', { id: String(hit.id) })}>
              <LocationPinIcon aria-hidden className={classes.mapIcon} />
              <span className={classes.mapText}>{t('search.columns.map')}</span>
            </RouterLink>
          </Link>
        ) : (
          <span className={classes.muted}>
            <span aria-hidden>–</span>
            <span className="visually-hidden">{t('search.noPosition')}</span>
          </span>
        ),
    },
  ];

  return (
    <div className={classes.resultsTable}>
      <DataTable
        caption={t('search.results.caption')}
        columns={columns}
        rows={props.hits}
        rowKey={(hit) => hit.id}
        loadingText={t('search.results.loading')}
        emptyText={t('search.results.none')}
        error={props.error}
        // The search's failure is toasted (the common handler of spec § 8).
        errorText={t('search.results.failed')}
        busy={props.busy}
        sort={{
          column: state.orderBy?.property ?? null,
          direction: state.orderBy?.direction === 'DESC' ? 'descending' : 'ascending',
          onChange: (column, direction) => {
            if (!isSortProperty(column)) return;
            update((s) => ({
              ...s,
              orderBy: { property: column, direction: direction === 'ascending' ? 'ASC' : 'DESC' },
              page: 1,
            }));
          },
        }}
        rowProps={(hit) => ({
          className: classes.row,
          tabIndex: 0,
          'data-facility-id': hit.id,
          onClick: (event) => {
            // Links in the row do their own navigation.
            if (!(event.target instanceof Element && event.target.closest('a'))) open(hit.id);
          },
          onKeyDown: (event) => {
            if (event.key === 'Enter' && event.target === event.currentTarget) open(hit.id);
          },
        })}
      />
    </div>
  );
}
