/**
 * The return to players of each slot machine over a period (Portaria
 * 1441/95, n.º 2): machine prizes plus guias over the amounts played, with
 * the machines under the legal minimum (80 %) marked.
 */
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/BarChart.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { ColumnHeads } from '../../components/ColumnHeads.js';
import { ListNotGiven, useLoadError } from './ListNotGiven.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { formatPercent } from '../../lib/settings.js';
import { PeriodFields, usePeriod } from '../../components/PeriodFields.js';
import { invoke } from '../../client.js';
import { CsvButton } from '../../components/CsvButton.js';
import { TableRegion } from '../../components/TableRegion.js';

/** 8200 -> `82,0 %`, 7995 -> `79,9 %` (cut, not rounded, so that a row under the minimum never reads as the minimum). */
function returnText(basisPoints: number): string {
  const tenths = Math.trunc(basisPoints / 10);
  const sign = tenths < 0 ? '-' : '';
  const abs = Math.abs(tenths);
  return `${sign}${Math.floor(abs / 10)},${abs % 10} %`;
}

/**
 * Manager: the return-to-player report. The period is chosen as two local
 * days, both included (the kiosk is asked from 00:00 of the first to 00:00 of
 * the day after the last).
 */
export function ReturnReport() {
  const { t } = useTranslation();
  const f = useFormat();
  const days = usePeriod(7);
  const input = days.period;
  const report = useKioskQuery('report.machineReturn', input);
  const r = report.data;
  const loadError = useLoadError(report.error);
  const minimum = r ? formatPercent(r.minimumBasisPoints) : '';

  return (
    <section className="panel return-report" aria-labelledby="return-title">
      <div className="panel-head">
        <h2 id="return-title">{t('machineReturn.title')}</h2>
        {r ? <p className="meta">{t('machineReturn.minimum', { minimum })}</p> : null}
        <CsvButton label={t('csv.machineReturn')} testId="export-return" disabled={input === null} fetch={() => invoke('export.machineReturn', input!)} />
      </div>
      <div className="form form-row">
        <PeriodFields p={days} testIdPrefix="return" />
      </div>
      <p className="hint">{t('machineReturn.periodHint')}</p>
      {input !== null ? null : <ErrorAlert error={t('machineReturn.periodInvalid')} testId="return-period-error" />}
      <ErrorAlert error={loadError} testId="return-error" />
      {input === null ? null : r === undefined ? (
        <ListNotGiven error={report.error} testId="return" />
      ) : r.machines.length === 0 ? (
        <p className="empty" data-testid="return-empty">
          {t('machineReturn.none')}
        </p>
      ) : (
        // The chart and the table scroll in the room left under the meter form: the page itself never scrolls.
        <TableRegion name={t('machineReturn.tableTitle')} className="return-body">
          <BarChart
            testId="return-chart"
            title={t('machineReturn.chartTitle', { minimum })}
            labelHeading={t('machineReturn.col.machine')}
            valueHeading={t('machineReturn.col.return')}
            reference={{ value: r.minimumBasisPoints, label: t('machineReturn.minimumLine', { minimum }) }}
            bars={r.machines.map((m) => ({
              key: m.number,
              label: m.number,
              value: m.returnBasisPoints ?? 0,
              muted: m.below,
              valueText: m.returnBasisPoints === null ? '—' : returnText(m.returnBasisPoints),
            }))}
          />
          <TableRegion name={t('machineReturn.tableTitle')}>
            <table className="table return-table" data-testid="return-table">
              <caption className="visually-hidden">{t('machineReturn.tableTitle')}</caption>
              <ColumnHeads
                columns={[
                  { label: t('machineReturn.col.machine') },
                  { label: t('machineReturn.col.model') },
                  { label: t('machineReturn.col.played'), num: true },
                  { label: t('machineReturn.col.machinePrizes'), num: true },
                  { label: t('machineReturn.col.guias'), num: true },
                  { label: t('machineReturn.col.return'), num: true },
                  { label: t('machineReturn.col.readings'), num: true },
                ]}
              />
              <tbody>
                {r.machines.map((m) => (
                  <tr key={m.number} data-testid={`return-row-${m.number}`} className={m.below ? 'below' : undefined}>
                    <th scope="row">{m.number}</th>
                    <td>{m.model}</td>
                    <td className="num">{f.money(m.playedCents)}</td>
                    <td className="num">{f.money(m.machinePrizesCents)}</td>
                    <td className="num">{f.money(m.guiasCents)}</td>
                    <td className="num">
                      {m.returnBasisPoints === null ? (
                        <span title={t('machineReturn.noPlay')}>—</span>
                      ) : (
                        returnText(m.returnBasisPoints)
                      )}
                      {m.below ? (
                        <span className="badge badge-below" data-testid={`return-below-${m.number}`}>
                          {t('machineReturn.below', { minimum })}
                        </span>
                      ) : null}
                    </td>
                    <td className="num">{m.readings}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <p className="meta">{t('machineReturn.readingsHint')}</p>
        </TableRegion>
      )}
    </section>
  );
}
