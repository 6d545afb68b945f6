import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientError } from '../client.js';
import { ErrorAlert } from './ErrorAlert.js';
import { Pager, type usePages } from './Pager.js';
import { TableRegion } from './TableRegion.js';

/**
 * A keyset-paged list of a period (the guias, the audit log) under its filters: the period said wrong, the list's
 * error, what stands while it is not given, "none" when it is empty, else its table and the pager. Its parts' test
 * ids are `${testId}-period-error`, `-error`, `-empty` and `-pager`.
 */
export function PagedList<L extends { total: number; nextCursor: number | null }>({
  testId,
  periodValid,
  error,
  list,
  shown,
  notGiven,
  none,
  name,
  limit,
  pages,
  children,
}: {
  testId: string;
  periodValid: boolean;
  error: ClientError | string | null;
  /** The page fetched, or undefined while it is not given. */
  list: L | undefined;
  /** How many rows the page holds. */
  shown: number;
  notGiven: ReactNode;
  none: string;
  /** The table's name (its region's). */
  name: string;
  limit: number;
  pages: ReturnType<typeof usePages>;
  /** The table of the page given. */
  children: (list: L) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {periodValid ? null : <ErrorAlert error={t('machineReturn.periodInvalid')} testId={`${testId}-period-error`} />}
      <ErrorAlert error={error} testId={`${testId}-error`} />
      {!periodValid ? null : !list ? (
        notGiven
      ) : list.total === 0 ? (
        <p className="empty" data-testid={`${testId}-empty`}>
          {none}
        </p>
      ) : (
        <>
          <TableRegion name={name}>{children(list)}</TableRegion>
          <Pager testId={`${testId}-pager`} page={pages.page} limit={limit} shown={shown} total={list.total} nextCursor={list.nextCursor} onNext={pages.next} onPrevious={pages.previous} />
        </>
      )}
    </>
  );
}
