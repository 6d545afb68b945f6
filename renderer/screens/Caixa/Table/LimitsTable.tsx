import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMIT_GROUPS } from '../../../../core/roulette/rules.js';
import { invoke, type ClientError } from '../../../client.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { TableRegion } from '../../../components/TableRegion.js';
import { useFormat } from '../../../format.js';
import { downloadBase64 } from '../../../lib/download.js';
import type { Table } from './types.js';
import { useChanceLabel } from './useBetWords.js';

/** The chosen table's minimum and maximum of each group (X.27). */
export function LimitsTable({ table }: { table: Table }) {
  const { t } = useTranslation();
  const f = useFormat();
  const chanceLabel = useChanceLabel();
  return (
    <TableRegion name={t('tableSheet.limitsTitle', { code: table.code })}>
      <table className="table table-limits" data-testid="table-limits">
        <caption>{t('tableSheet.limitsTitle', { code: table.code })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('tableSheet.col.group')}</th>
            <th scope="col" className="num">
              {t('tableSheet.col.minimum')}
            </th>
            <th scope="col" className="num">
              {t('tableSheet.col.maximum')}
            </th>
          </tr>
        </thead>
        <tbody>
          {LIMIT_GROUPS.map((g) => {
            const limit = table.limits[g];
            return (
              <tr key={g} data-testid={`table-limit-${g}`}>
                <th scope="row">{chanceLabel(g)}</th>
                <td className="num">{limit ? f.money(limit.minimumCents) : '—'}</td>
                <td className="num">{limit ? f.money(limit.maximumCents) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <PrintLimits code={table.code} />
    </TableRegion>
  );
}

/** The limits sign (X.27) on the receipts printer, to post at the table. */
function PrintLimits({ code }: { code: string }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<ClientError | null>(null);
  return (
    <div className="button-row">
      <button
        type="button"
        className="btn"
        data-testid="table-print-limits"
        onClick={async () => {
          setDone(false);
          setError(null);
          const r = await invoke('table.printLimits', { tableCode: code });
          if (r.ok) setDone(true);
          else setError(r.error);
        }}
      >
        {t('tableSheet.printLimits')}
      </button>
      <button
        type="button"
        className="btn"
        data-testid="table-limits-pdf"
        onClick={async () => {
          setError(null);
          const r = await invoke('report.tableLimitsPdf', { tableCode: code });
          if (r.ok) downloadBase64(r.value.base64, r.value.filename);
          else setError(r.error);
        }}
      >
        {t('tableSheet.limitsPdf')}
      </button>
      {done ? (
        <span className="success-inline" role="status" data-testid="table-printed-limits">
          {t('tableSheet.printedLimits', { code })}
        </span>
      ) : null}
      <ErrorAlert error={error} testId="table-print-error" />
    </div>
  );
}
