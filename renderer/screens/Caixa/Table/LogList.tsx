import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../format.js';
import type { LogEntry, Table } from './types.js';
import type { SpinLog } from './useSpinLog.js';

/** The table's log, newest first. */
export function LogList({ table, log }: { table: Table; log: SpinLog }) {
  const { t } = useTranslation();
  const f = useFormat();
  const numberCell = (x: LogEntry) =>
    x.number === null ? '—' : x.colour ? t('tableSheet.numberWithColour', { number: x.number, colour: t(`tableSheet.colourName.${x.colour}`, { defaultValue: x.colour }) }) : String(x.number);
  if (log.data === undefined) return log.loadError ? null : <p className="loading">{t('tableSheet.loading')}</p>;
  if (log.entries.length === 0)
    return (
      <p className="empty" data-testid="log-list">
        {t('tableSheet.logEmpty')}
      </p>
    );
  // Four columns for the side's narrow box: whose line under its time, a null spin's reason under its kind.
  return (
    <table className="table log-table" data-testid="log-list">
      <caption className="visually-hidden">{t('tableSheet.logTitle', { code: table.code })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('tableSheet.col.timeOperator')}</th>
          <th scope="col">{t('tableSheet.col.kindNote')}</th>
          <th scope="col" className="num">
            {t('tableSheet.col.number')}
          </th>
          <th scope="col">{t('tableSheet.col.direction')}</th>
        </tr>
      </thead>
      <tbody>
        {log.entries.map((x) => (
          <tr key={x.id} data-testid={`log-row-${x.id}`}>
            <td>
              {f.time(x.at)}
              <span className="log-sub">{x.operator}</span>
            </td>
            <td>
              <span className="badge">{t(`tableSheet.kind.${x.kind}`)}</span>
              {x.note ? <span className="log-sub">{x.note}</span> : null}
            </td>
            <td className="num">{numberCell(x)}</td>
            <td className="nowrap" title={x.direction ? t(`tableSheet.direction.${x.direction}`) : undefined}>
              {x.direction ? t(`tableSheet.directionShort.${x.direction}`) : '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
