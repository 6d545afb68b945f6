import { useTranslation } from 'react-i18next';
import type { SaleView } from '../../../core/contract.js';
import type { ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { formatRanges } from '../../lib/ranges.js';
import { TableRegion } from '../../components/TableRegion.js';

interface Props {
  sales: readonly SaleView[];
  error: ClientError | null;
  onVoid: () => void;
  /** Reprint the receipt of this terminal's last sale (asks first). */
  onReprint: () => void;
  /** What the reprint did, or why there was nothing to reprint. */
  reprintNote: { text: string; ok: boolean } | null;
}

/** The game's latest sales, newest first; voided ones struck through. */
export function RecentSales({ sales, error, onVoid, onReprint, reprintNote }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <section className="panel recent-sales" aria-labelledby="recent-title">
      <div className="panel-head">
        <h2 id="recent-title">{t('recent.title')}</h2>
        <div className="recent-actions">
          <button type="button" className="btn" data-testid="reprint-last" onClick={onReprint}>
            {t('sale.reprint')}
          </button>
          <button type="button" className="btn btn-danger-outline" data-testid="void-last" onClick={onVoid}>
            {t('void.open')}
          </button>
        </div>
      </div>
      {reprintNote ? (
        <p className={`reprint-note ${reprintNote.ok ? 'success' : 'notice'}`} role="status" data-testid="reprint-result">
          {reprintNote.text}
        </p>
      ) : null}
      <ErrorAlert error={error} testId="load-error" />
      {sales.length === 0 ? (
        <p className="empty">{t('recent.none')}</p>
      ) : (
        <TableRegion name={t('recent.title')}>
          <table className="table compact">
            <thead>
              <tr>
                <th scope="col" className="num">{t('recent.id')}</th>
                <th scope="col">{t('recent.time')}</th>
                <th scope="col">{t('recent.cards')}</th>
                <th scope="col" className="num">{t('recent.quantity')}</th>
                <th scope="col" className="num">{t('recent.total')}</th>
                <th scope="col" className="num">{t('recent.change')}</th>
              </tr>
            </thead>
            <tbody>
              {sales.map((s) => (
                <tr
                  key={s.saleId}
                  data-testid={`sale-row-${s.saleId}`}
                  className={s.voided ? 'voided' : undefined}
                  title={t('recent.rowTitle', { tendered: f.money(s.tenderedCents), cashier: s.cashier })}
                >
                  <td className="num">{s.saleId}</td>
                  <td>{f.shortTime(s.createdAt)}</td>
                  <td>
                    {s.voided ? <s>{formatRanges(s.ranges)}</s> : formatRanges(s.ranges)}
                    {s.voided ? <span className="badge badge-annulled">{t('recent.voided')}</span> : null}
                  </td>
                  <td className="num">{s.voided ? <s>{s.quantity}</s> : s.quantity}</td>
                  <td className="num">{s.voided ? <s>{f.money(s.totalCents)}</s> : f.money(s.totalCents)}</td>
                  <td className="num">{f.money(s.changeCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
