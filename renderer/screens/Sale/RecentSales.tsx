import { useLayoutEffect, useRef, useState } from 'react';
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

/**
 * How many of the table's rows fit whole in the panel (its height is what the
 * sale screen leaves it): the last sales are never shown cut to half a row.
 * null until measured.
 */
function useWholeRows(count: number) {
  const ref = useRef<HTMLElement>(null);
  const [rows, setRows] = useState<number | null>(null);
  useLayoutEffect(() => {
    const section = ref.current;
    if (!section) return;
    const measure = () => {
      const table = section.querySelector('table');
      const row = table?.tBodies[0]?.rows[0];
      if (!table || !row) return;
      const top = table.getBoundingClientRect().top - section.getBoundingClientRect().top;
      const head = table.tHead?.getBoundingClientRect().height ?? 0;
      const available = section.clientHeight - top - head - parseFloat(getComputedStyle(section).paddingBottom);
      const next = Math.max(1, Math.floor(available / row.getBoundingClientRect().height));
      setRows((now) => (now === next ? now : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(section);
    return () => observer.disconnect();
  }, [count]);
  return { ref, rows };
}

/** The game's latest sales, newest first (as many as fit whole); voided ones struck through. */
export function RecentSales({ sales, error, onVoid, onReprint, reprintNote }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const fit = useWholeRows(sales.length);
  return (
    <section ref={fit.ref} className="panel recent-sales" aria-labelledby="recent-title">
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
              {sales.slice(0, fit.rows ?? sales.length).map((s) => (
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
