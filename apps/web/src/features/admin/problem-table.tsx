import { Table } from '@digdir/designsystemet-react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../components/table-scroll.tsx';
import classes from './admin.module.css';

/** A refused or doubtful record of an uploaded file: its line, its id when it has one, and why. */
interface Problem<Reason> {
  line: number;
  id?: string | number | null;
  reasons: readonly Reason[];
}

/**
 * The problems of an upload by line, as the file has them (a register's records, a layer's rows).
 * `reasonText` words a reason from its code and parameters; the id column is there when `withId`.
 */
export function ProblemTable<Reason>(props: {
  caption: string;
  problems: readonly Problem<Reason>[];
  withId?: boolean;
  reasonText: (reason: Reason) => string;
}) {
  const { t } = useTranslation();
  const { caption, problems, withId = false } = props;
  if (problems.length === 0) return null;
  return (
    <TableScroll label={caption}>
      <Table className={classes.table} data-size="sm" zebra>
        <caption>{caption}</caption>
        <Table.Head>
          <Table.Row>
            <Table.HeaderCell>{t('admin.problems.line')}</Table.HeaderCell>
            {withId && <Table.HeaderCell>{t('admin.problems.id')}</Table.HeaderCell>}
            <Table.HeaderCell>{t('admin.problems.reasons')}</Table.HeaderCell>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {problems.map((p) => (
            <Table.Row key={`${p.line}-${p.id ?? ''}`}>
              <Table.Cell className={classes.nowrap}>{p.line}</Table.Cell>
              {withId && <Table.Cell className={classes.nowrap}>{p.id ?? '–'}</Table.Cell>}
              <Table.Cell>{p.reasons.map((r) => props.reasonText(r)).join('; ')}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </TableScroll>
  );
}
