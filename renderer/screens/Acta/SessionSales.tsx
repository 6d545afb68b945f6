import { useTranslation } from 'react-i18next';
import { invoke } from '../../client.js';
import { CsvButton } from '../../components/CsvButton.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { Pager, usePages } from '../../components/Pager.js';
import { TableRegion } from '../../components/TableRegion.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';

const PAGE = 50;

/** `A 1-6, B 1-3`. */
const cards = (ranges: readonly { seriesCode: string; from: number; to: number }[]) => ranges.map((r) => `${r.seriesCode} ${r.from}-${r.to}`).join(', ');

/** Manager: every sale of the session in the order made, a page at a time (sale.page), and the file of them all (export.sales); the sellers' settlements' file (export.sellerSettlements). */
export function SessionSales({ sessionId }: { sessionId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const pages = usePages(String(sessionId));
  const page = useKioskQuery('sale.page', { sessionId, cursor: pages.cursor, limit: PAGE });
  const p = page.data;
  return (
    <section className="panel" aria-labelledby="session-sales-title">
      <div className="panel-head">
        <h2 id="session-sales-title">{t('sessionSales.title')}</h2>
        <div className="session-exports">
          <CsvButton label={t('csv.sales')} testId="acta-export-sales" progress fetch={() => invoke('export.sales', { sessionId })} />
          {/* The roving sellers' settlements, a line per block collected (DN 80/85, art. 13.º). */}
          <CsvButton label={t('csv.sellerSettlements')} testId="acta-export-sellers" fetch={() => invoke('export.sellerSettlements', { sessionId })} />
        </div>
      </div>
      <ErrorAlert error={page.error} testId="session-sales-error" />
      {!p ? (
        <p className="loading">{t('common.loading')}</p>
      ) : p.total === 0 ? (
        <p className="empty">{t('sessionSales.none')}</p>
      ) : (
        <>
          <TableRegion name={t('sessionSales.title')}>
            <table className="table compact" data-testid="session-sales">
              <thead>
                <tr>
                  <th scope="col" className="num">{t('sessionSales.col.sale')}</th>
                  <th scope="col">{t('sessionSales.col.at')}</th>
                  <th scope="col" className="num">{t('sessionSales.col.game')}</th>
                  <th scope="col">{t('sessionSales.col.cards')}</th>
                  <th scope="col" className="num">{t('sessionSales.col.total')}</th>
                  <th scope="col">{t('sessionSales.col.cashier')}</th>
                  <th scope="col">{t('sessionSales.col.terminal')}</th>
                </tr>
              </thead>
              <tbody>
                {p.sales.map((s) => (
                  <tr key={s.saleId} data-testid={`session-sale-${s.saleId}`} className={s.voided ? 'voided' : undefined}>
                    <th scope="row" className="num">{s.saleId}</th>
                    <td className="nowrap">{f.time(s.createdAt)}</td>
                    <td className="num">{s.gameNumber}</td>
                    <td>{cards(s.ranges)}</td>
                    <td className="num">
                      {f.money(s.totalCents)}
                      {s.voided ? <span className="badge badge-annulled">{t('sessionSales.voided')}</span> : null}
                    </td>
                    <td>{s.cashier}</td>
                    <td>{s.terminalId}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <Pager testId="session-sales-pager" page={pages.page} limit={PAGE} shown={p.sales.length} total={p.total} nextCursor={p.nextCursor} onNext={pages.next} onPrevious={pages.previous} />
        </>
      )}
    </section>
  );
}
