/**
 * Manager: the guias of a period a page at a time (guia.list: newest first,
 * by status), and the file of them all in number order (export.guias).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelInput } from '../../../core/contract.js';
import { invoke } from '../../client.js';
import { CsvButton } from '../../components/CsvButton.js';
import { ListNotGiven, useLoadError } from './ListNotGiven.js';
import { ColumnHeads } from '../../components/ColumnHeads.js';
import { PagedList } from '../../components/PagedList.js';
import { usePages } from '../../components/Pager.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { PeriodFields, usePeriod } from '../../components/PeriodFields.js';

type Status = NonNullable<ChannelInput<'guia.list'>['status']>;
const STATUSES: readonly Status[] = ['all', 'unpaid', 'paid', 'void'];
const PAGE = 25;

export function GuiasPanel() {
  const { t } = useTranslation();
  const f = useFormat();
  const days = usePeriod(7);
  const { fromDay, toDay } = days;
  const [status, setStatus] = useState<Status>('all');
  const { period } = days;
  const pages = usePages(`${fromDay}|${toDay}|${status}`);
  const list = useKioskQuery('guia.list', period ? { ...period, status, cursor: pages.cursor, limit: PAGE } : null);
  const l = list.data;
  const loadError = useLoadError(list.error);
  return (
    <section className="panel" aria-labelledby="guias-period-title">
      <div className="panel-head">
        <h2 id="guias-period-title">{t('guiasPeriod.title')}</h2>
        <CsvButton label={t('csv.guias')} testId="export-guias" disabled={period === null} fetch={() => invoke('export.guias', { ...period!, status })} />
      </div>
      <div className="form form-row">
        <PeriodFields p={days} testIdPrefix="guias" />
        <label>
          {t('guiasPeriod.status')}
          <select data-testid="guias-status" value={status} onChange={(e) => setStatus(e.target.value as Status)}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'all' ? t('guiasPeriod.all') : t(`caixa.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PagedList
        testId="guias"
        periodValid={period !== null}
        error={loadError}
        list={l}
        shown={l?.guias.length ?? 0}
        notGiven={<ListNotGiven error={list.error} testId="guias" />}
        none={t('guiasPeriod.none')}
        name={t('guiasPeriod.title')}
        limit={PAGE}
        pages={pages}
      >
        {(l) => (
          <table className="table compact" data-testid="guias-table">
            <ColumnHeads
              columns={[
                { label: t('guiasPeriod.col.number'), num: true },
                { label: t('guiasPeriod.col.issued') },
                { label: t('caixa.machine') },
                { label: t('caixa.kind') },
                { label: t('caixa.amount'), num: true },
                { label: t('guiasPeriod.status') },
              ]}
            />
            <tbody>
              {l.guias.map((g) => (
                <tr key={g.guiaId} data-testid={`guias-row-${g.number}`}>
                  <th scope="row" className="num">{g.number}</th>
                  <td className="nowrap">{f.dateTime(g.issuedAt)}</td>
                  <td>
                    {g.machineNumber} · {g.model}
                  </td>
                  <td>{t(`caixa.kinds.${g.kind}`)}</td>
                  <td className="num">{f.money(g.amountCents)}</td>
                  <td>
                    <span className={`badge badge-guia-${g.status}`}>{t(`caixa.status.${g.status}`)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
    </section>
  );
}
