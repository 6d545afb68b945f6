import { useTranslation } from 'react-i18next';
import type { GameView } from '../../../core/contract.js';
import { useFormat } from '../../format.js';
import { formatRanges } from '../../lib/ranges.js';
import { TableRegion } from '../../components/TableRegion.js';

interface Props {
  games: readonly GameView[];
  /** The game whose close of sale is being confirmed. */
  closing: number | null;
  onCloseSale: (game: GameView) => void;
}

/** The session's games, newest first, each with the cards it sold; the selling one carries "Fechar venda" (confirmed before it acts). */
export function GamesTable({ games, closing, onCloseSale }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  if (games.length === 0) return <p className="empty">{t('game.noGames')}</p>;
  const rows = [...games].sort((a, b) => b.number - a.number);
  return (
    // The list scrolls within its box: reachable by keyboard.
    <TableRegion name={t('game.listRegion')} className="games-wrap">
      <table className="table games">
        <caption className="visually-hidden">{t('game.listTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('game.number')}</th>
            <th scope="col">{t('game.state')}</th>
            <th scope="col">{t('game.series')}</th>
            <th scope="col" className="num">{t('game.cardsSold')}</th>
            <th scope="col" className="num">{t('game.total')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('game.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((g) => {
            // The server's ranges: the close of sale's once closed, the sales' before (never derived from a series' next number).
            const series = g.soldRanges.length > 0 ? formatRanges(g.soldRanges) : t('game.fromNumber', { code: g.firstSeries.code, number: g.firstSeries.start });
            return (
              <tr
                key={g.id}
                data-testid={`game-row-${g.number}`}
                className={`state-${g.state}`}
                title={t('game.rowTitle', { price: f.money(g.priceCents) })}
              >
                <th scope="row" className="num">{g.number}</th>
                <td>
                  <span className={`badge badge-${g.state}`}>{t(`gameState.${g.state}`)}</span>
                  {/* Art. 14.5: announced as the session's last from the moment it opens. */}
                  {g.isLast ? (
                    <span className="badge badge-last" data-testid={`game-last-${g.number}`}>
                      {t('draw.lastGame')}
                    </span>
                  ) : null}
                  {/* Art. 3.5: the pair's two games, the second playing the first's cards. */}
                  {g.double ? (
                    <span className="badge badge-last" data-testid={`game-double-${g.number}`}>
                      {t(g.double === 'first' ? 'game.doubleFirst' : 'game.doubleSecond')}
                    </span>
                  ) : null}
                </td>
                <td className="nowrap">{series}</td>
                <td className="num">{g.cardsSold}</td>
                <td className="num">{f.money(g.totalCents)}</td>
                <td>
                  {g.state === 'selling' ? (
                    <button
                      type="button"
                      className="btn btn-warning"
                      data-testid="close-sale-button"
                      disabled={closing !== null}
                      onClick={() => onCloseSale(g)}
                    >
                      {t('game.closeSale')}
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableRegion>
  );
}
