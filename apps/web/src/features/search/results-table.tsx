import { Link, Table } from '@digdir/designsystemet-react';
import type { SearchCriteria, SearchHit, SearchSortProperty } from '@fast/contracts';
import { LocationPinIcon } from '@navikt/aksel-icons';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PATHS } from '../../config/constants.ts';
import { formatDate } from '../../i18n/format.ts';
import classes from './search-screen.module.css';
import type { SearchState } from './search-url.ts';
import type { SearchUpdate } from './use-search-state.ts';

const COLUMNS: readonly SearchSortProperty[] = [
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

/** The sort after a click on a column header: ascending first, descending on the second click. */
export function nextSort(state: SearchState, property: SearchSortProperty): SearchState['orderBy'] {
  const current = state.orderBy;
  if (current?.property === property && current.direction === 'ASC') return { property, direction: 'DESC' };
  return { property, direction: 'ASC' };
}

function addressOf(hit: SearchHit): string {
  const place = [hit.address.postalCode, hit.address.postalPlace].filter(Boolean).join(' ');
  return [hit.address.street, place].filter(Boolean).join(', ');
}

/**
 * The nine columns of the specification and a map link per row. A click on a row (or Enter on a
 * focused row) opens the facility; the facility id is also a real link for keyboard and screen
 * reader users.
 */
export function ResultsTable(props: {
  hits: SearchHit[];
  state: SearchState;
  update: SearchUpdate;
  criteria: SearchCriteria | undefined;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { state, update } = props;
  const nynorsk = i18n.language === 'nn';

  const unitTypeName = (id: number, fallback: string) => {
    const type = props.criteria?.facilityTypes.find((f) => f.id === id);
    return type ? (nynorsk ? type.descriptionNn : type.description) : fallback;
  };
  const open = (id: number) => navigate(PATHS.facility(id));
  const handleRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, id: number) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) open(id);
  };

  return (
    <section
      className={classes.tableScroll}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a horizontally scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-label={t('search.results.scrollRegion')}
      aria-busy={props.busy}
    >
      <Table data-size="sm" zebra className={classes.table} data-busy={props.busy || undefined}>
        <caption className={classes.visuallyHidden}>{t('search.results.caption')}</caption>
        <Table.Head>
          <Table.Row>
            {COLUMNS.map((property) => {
              const sorted = state.orderBy?.property === property ? state.orderBy.direction : null;
              return (
                <Table.HeaderCell
                  key={property}
                  sort={sorted === 'ASC' ? 'ascending' : sorted === 'DESC' ? 'descending' : 'none'}
                  onClick={() => update((s) => ({ ...s, orderBy: nextSort(s, property), page: 1 }))}
                >
                  {t(`search.columns.${property}`)}
                </Table.HeaderCell>
              );
            })}
            <Table.HeaderCell>{t('search.columns.map')}</Table.HeaderCell>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {props.hits.map((hit) => (
            <Table.Row
              key={hit.id}
              className={classes.row}
              tabIndex={0}
              data-facility-id={hit.id}
              onClick={(event) => {
                // Links in the row do their own navigation.
                if (!(event.target instanceof Element && event.target.closest('a'))) open(hit.id);
              }}
              onKeyDown={(event) => handleRowKeyDown(event, hit.id)}
            >
              <Table.Cell>{hit.privatePerson ? t('search.privatePerson') : t('search.business')}</Table.Cell>
              <Table.Cell>
                <Link asChild>
                  <RouterLink to={PATHS.facility(hit.id)}>{hit.id}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell>{hit.name ?? <span className={classes.muted}>{t('search.noName')}</span>}</Table.Cell>
              <Table.Cell>{addressOf(hit)}</Table.Cell>
              <Table.Cell>{hit.municipality.name}</Table.Cell>
              <Table.Cell className={classes.nowrap}>
                {hit.firstSubstanceNotificationOn ? formatDate(`${hit.firstSubstanceNotificationOn}T12:00:00Z`) : ''}
              </Table.Cell>
              <Table.Cell>{hit.client}</Table.Cell>
              <Table.Cell>{t(`search.majorAccident.${hit.majorAccident}`)}</Table.Cell>
              <Table.Cell>{hit.facilityUnitTypes.map((type) => unitTypeName(type.id, type.description)).join(', ')}</Table.Cell>
              <Table.Cell>
                {hit.hasValidCoordinates ? (
                  <Link asChild>
                    <RouterLink to={`${PATHS.map}/${hit.id}`} aria-label={t('search.rowMap', { id: String(hit.id) })}>
                      <LocationPinIcon aria-hidden />
                      {t('search.columns.map')}
                    </RouterLink>
                  </Link>
                ) : (
                  <span className={classes.muted}>{t('search.noPosition')}</span>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </section>
  );
}
