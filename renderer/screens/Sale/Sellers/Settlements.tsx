import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SellerBlockView } from '../../../../core/bingo/sellers-contract.js';
import type { GameView } from '../../../../core/contract.js';
import { useFormat } from '../../../format.js';
import { formatRanges } from '../../../lib/ranges.js';
import { settlements, splitBlock } from '../../../lib/sellers.js';

/**
 * The game's returns and settlements in one view, the latest first: who, the cards sold, what they owe, what was
 * counted, the difference and who accepted it; their totals; and, while a seller still holds a block, the words the
 * close of sale would refuse with (DN 80/85, art. 13.º).
 */
export function Settlements({ game, blocks, holding, children }: { game: GameView; blocks: readonly SellerBlockView[]; holding: string | null; children?: ReactNode }) {
  const { t } = useTranslation();
  const f = useFormat();
  const all = settlements(blocks);
  const diff = (cents: number) => <span className={cents < 0 ? 'short' : cents > 0 ? 'over' : undefined}>{f.money(cents)}</span>;
  return (
    <section className="panel sellers-right" aria-labelledby="sellers-settlements-title">
      <h2 id="sellers-settlements-title">{t('sellers.settlementsTitle', { number: game.number })}</h2>
      {holding ? (
        <p className="notice sellers-holding" data-testid="sellers-holding">
          {holding}
        </p>
      ) : null}
      {all.rows.length === 0 ? (
        <p className="hint" data-testid="sellers-settlements-none">
          {t('sellers.settlementsNone')}
        </p>
      ) : (
        <div className="sellers-table-wrap">
          <table className="table compact sellers-table" data-testid="sellers-settlements">
            <thead>
              <tr>
                <th scope="col">{t('sellers.colSeller')}</th>
                <th scope="col">{t('sellers.colSold')}</th>
                <th scope="col" className="num">
                  {t('sellers.colOwed')}
                </th>
                <th scope="col" className="num">
                  {t('sellers.colCounted')}
                </th>
                <th scope="col" className="num">
                  {t('sellers.colDifference')}
                </th>
                <th scope="col">{t('sellers.colAccepted')}</th>
              </tr>
            </thead>
            <tbody>
              {all.rows.map((b) => {
                const r = b.returned;
                const sold = splitBlock(b.ranges, r.soldCards).sold;
                return (
                  <tr key={b.blockId} data-testid={`sellers-row-${b.blockId}`}>
                    <th scope="row">
                      {b.seller.name}
                      <span className="meta">{` ${f.shortTime(r.at)}`}</span>
                    </th>
                    <td data-testid={`sellers-row-sold-${b.blockId}`}>
                      <strong>{r.soldCards}</strong>
                      {sold.length > 0 ? <span className="meta">{` ${formatRanges(sold)}`}</span> : null}
                    </td>
                    <td className="num" data-testid={`sellers-row-owed-${b.blockId}`}>
                      {f.money(r.owedCents)}
                    </td>
                    <td className="num" data-testid={`sellers-row-counted-${b.blockId}`}>
                      {f.money(r.countedCents)}
                    </td>
                    <td className="num" data-testid={`sellers-row-difference-${b.blockId}`}>
                      {diff(r.differenceCents)}
                    </td>
                    <td data-testid={`sellers-row-accepted-${b.blockId}`}>{r.acceptedBy ?? '—'}</td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr data-testid="sellers-totals">
                <th scope="row">{t('sellers.total')}</th>
                <td>
                  <strong>{all.soldCards}</strong>
                </td>
                <td className="num">{f.money(all.owedCents)}</td>
                <td className="num">{f.money(all.countedCents)}</td>
                <td className="num">{diff(all.differenceCents)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {/* The last act, under the table: what was handed out or collected, and the slip. */}
      {children}
    </section>
  );
}
