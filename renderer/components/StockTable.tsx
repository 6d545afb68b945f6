import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../core/contract.js';
import { TableRegion } from './TableRegion.js';

type SeriesStock = ChannelOutput<'stock.list'>['series'][number];

const rangesText = (ranges: readonly { from: number; to: number }[]) => ranges.map((r) => (r.from === r.to ? `${r.from}` : `${r.from}–${r.to}`)).join(', ') || '—';

/**
 * Each series' edition, emission number and where its cards are (DN 80/85, art. 3.º): received = in stock + at the
 * counters + sold + destroyed. Shown on Configuração > Cartões and at the session's start check (`compact`).
 */
export function StockTable({ series, compact = false }: { series: readonly SeriesStock[]; compact?: boolean }) {
  const { t } = useTranslation();
  if (series.length === 0) return <p className="empty">{t('series.none')}</p>;
  return (
    <TableRegion name={t('stock.title')}>
      <table className="table compact" data-testid="stock-table">
        <thead>
          <tr>
            <th scope="col">{t('series.code')}</th>
            <th scope="col">{t('stock.emission')}</th>
            {compact ? null : <th scope="col">{t('stock.authorisation')}</th>}
            <th scope="col" className="num">{t('stock.received')}</th>
            <th scope="col" className="num">{t('stock.inStock')}</th>
            <th scope="col" className="num">{t('stock.atCounters')}</th>
            <th scope="col" className="num">{t('stock.sold')}</th>
            <th scope="col" className="num">{t('stock.destroyed')}</th>
          </tr>
        </thead>
        <tbody>
          {series.map((s) => (
            <tr key={s.seriesCode} data-testid={`stock-row-${s.seriesCode}`}>
              <th scope="row">{s.seriesCode}</th>
              <td>{s.emission ?? <span className="hint-warn">{t('stock.noEmission')}</span>}</td>
              {compact ? null : (
                <td>{s.edition ? `${s.edition.authorisationRef} (${s.edition.authorisationDate})` : <span className="hint-warn">{t('stock.noEdition')}</span>}</td>
              )}
              {s.followed ? (
                <>
                  <td className="num">{s.figures.received}</td>
                  <td className="num" title={rangesText(s.inStock)}>
                    {s.figures.inStock}
                  </td>
                  <td className="num" title={rangesText(s.atCounters)}>
                    {s.figures.atCounters}
                  </td>
                  <td className="num">{s.figures.sold}</td>
                  <td className="num" title={rangesText(s.destroyed)}>
                    {s.figures.destroyed}
                  </td>
                </>
              ) : (
                <td colSpan={5} className="hint">
                  {t('stock.notFollowed', { sold: s.figures.soldNotReceived })}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

