/** Parts the settings lists with a form under them share (the machines, the printers). */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import type { ClientError } from '../../client.js';

/** The list's load error, then "loading…", "none" or its rows (`children`). */
export function LoadedRows<T>({ list, errorTestId, none, children }: { list: { data: readonly T[] | undefined; error: ClientError | null }; errorTestId: string; none: string; children: (rows: readonly T[]) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <ErrorAlert error={list.error} testId={errorTestId} />
      {list.data === undefined ? (
        list.error ? null : <p className="loading">{t('common.loading')}</p>
      ) : list.data.length === 0 ? (
        <p className="empty">{none}</p>
      ) : (
        children(list.data)
      )}
    </>
  );
}

/** What the last act did (a save, a test page sent), said once. */
export function DoneNote({ text, testId }: { text: string | null; testId: string }) {
  return text ? (
    <p className="success" role="status" data-testid={testId}>
      {text}
    </p>
  ) : null;
}
