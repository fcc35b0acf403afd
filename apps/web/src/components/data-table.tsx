import { Alert, Field, Label, Paragraph, Select, Spinner, Table } from '@digdir/designsystemet-react';
import { type ComponentProps, type Key, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './data-table.module.css';
import { ErrorAlert } from './error-alert.tsx';
import { TableScroll } from './table-scroll.tsx';

export type SortDirection = 'ascending' | 'descending';

export interface DataColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
  /** The column can be sorted by (its header is a button, and it is in the phone's sorting menu). */
  sortable?: boolean;
}

export interface DataTableSort {
  column: string | null;
  direction: SortDirection;
  onChange: (column: string, direction: SortDirection) => void;
}

export interface DataTableProps<Row> {
  /** Read by screen readers above the table; also the name of its scrolling region. */
  caption: string;
  columns: readonly DataColumn<Row>[];
  /** undefined while the first rows load. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => Key;
  /** The text beside the spinner while the first rows load. */
  loadingText: string;
  emptyText: string;
  /** A failed load: shown with the catalogue's text instead of a spinner that never ends. */
  error?: unknown;
  /**
   * For a failure the error toast reports already (with its reference): this text in its place, so
   * that the catalogue's text and its copy button are on the page once.
   */
  errorText?: string;
  /** Newer rows are on their way: the ones shown are dimmed. */
  busy?: boolean;
  sort?: DataTableSort;
  /** Extra attributes of a row (a click that opens it, data attributes). */
  rowProps?: (row: Row) => ComponentProps<'tr'> & { [data: `data-${string}`]: string | number | boolean | undefined };
}

/** The header's answer to a click: ascending first, descending on the second click. */
export function nextDirection(sort: DataTableSort, column: string): SortDirection {
  return sort.column === column && sort.direction === 'ascending' ? 'descending' : 'ascending';
}

function SortMenu<Row>(props: { columns: readonly DataColumn<Row>[]; sort: DataTableSort }) {
  const { t } = useTranslation();
  const id = useId();
  const { sort } = props;
  const value = sort.column ? `${sort.column}:${sort.direction}` : '';
  return (
    <Field className={classes.sortMenu}>
      <Label htmlFor={id}>{t('table.sortBy')}</Label>
      <Select
        id={id}
        data-size="sm"
        value={value}
        onChange={(event) => {
          const [column, direction] = event.target.value.split(':') as [string, SortDirection];
          sort.onChange(column, direction);
        }}
      >
        {!sort.column && <Select.Option value="">{t('table.unsorted')}</Select.Option>}
        {props.columns
          .filter((column) => column.sortable)
          .flatMap((column) =>
            (['ascending', 'descending'] as const).map((direction) => (
              <Select.Option key={`${column.id}:${direction}`} value={`${column.id}:${direction}`}>
                {t(`table.${direction}`, { column: column.header })}
              </Select.Option>
            )),
          )}
      </Select>
    </Field>
  );
}

/**
 * The app's data table (Designsystemet's Table): a spinner while loading, the catalogue's text on
 * failure, a text when empty. From the small breakpoint up it scrolls sideways when too wide;
 * below it every row is a card of "header: value" lines in the columns' order, and a menu
 * replaces the sortable headers.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rows, sort } = props;

  if (props.error) {
    return props.errorText ? (
      <Alert data-color="danger">
        <Paragraph>{props.errorText}</Paragraph>
      </Alert>
    ) : (
      <ErrorAlert error={props.error} />
    );
  }
  if (rows === undefined) {
    return (
      <Paragraph className={classes.loading} role="status">
        <Spinner aria-hidden data-size="sm" />
        {props.loadingText}
      </Paragraph>
    );
  }
  if (rows.length === 0) return <Paragraph>{props.emptyText}</Paragraph>;

  return (
    <div className={classes.wrapper}>
      {sort && columns.some((column) => column.sortable) && <SortMenu columns={columns} sort={sort} />}
      <TableScroll label={props.caption} busy={props.busy}>
        <Table data-size="sm" zebra className={classes.table} data-busy={props.busy || undefined}>
          <caption className="visually-hidden">{props.caption}</caption>
          <Table.Head>
            <Table.Row>
              {columns.map((column) => {
                const sorted = sort && column.sortable && sort.column === column.id ? sort.direction : undefined;
                return (
                  <Table.HeaderCell
                    key={column.id}
                    sort={sort && column.sortable ? (sorted ?? 'none') : undefined}
                    onClick={sort && column.sortable ? () => sort.onChange(column.id, nextDirection(sort, column.id)) : undefined}
                  >
                    {column.header}
                  </Table.HeaderCell>
                );
              })}
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={props.rowKey(row)} {...props.rowProps?.(row)}>
                {columns.map((column) => (
                  <Table.Cell key={column.id} data-label={column.header} className={column.className}>
                    {column.cell(row)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </TableScroll>
    </div>
  );
}
