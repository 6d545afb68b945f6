import type { ReactNode } from 'react';
import type { ClientError } from '../../client.js';
import { ColumnHeads, type ColumnHead } from '../../components/ColumnHeads.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { TableRegion } from '../../components/TableRegion.js';

/**
 * What the session owes its players, prizes or refunds: the list's load error, "none" once it is known to be empty,
 * else its table, whose last column (its acts) is named to screen readers only.
 */
export function PayoutTable<T>({
  rows,
  error,
  errorTestId,
  name,
  none,
  columns,
  actions,
  row,
}: {
  rows: readonly T[] | undefined;
  error: ClientError | null;
  errorTestId: string;
  /** The table's name (its region's). */
  name: string;
  none: string;
  columns: readonly ColumnHead[];
  /** The acts' column, named to screen readers. */
  actions: string;
  row: (item: T) => ReactNode;
}) {
  return (
    <>
      <ErrorAlert error={error} testId={errorTestId} />
      {rows && rows.length === 0 ? <p className="empty">{none}</p> : null}
      {rows && rows.length > 0 ? (
        <TableRegion name={name}>
          <table className="table payouts">
            <ColumnHeads columns={[...columns, { label: actions, hidden: true }]} />
            <tbody>{rows.map(row)}</tbody>
          </table>
        </TableRegion>
      ) : null}
    </>
  );
}
