import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameView } from '../../../core/contract.js';
import { useFormat } from '../../format.js';

/**
 * The selling game over the sale: its number (and "última"), the card's price, its series, the next card and how
 * many are left; `action` at its end (the way between the counter's sale and the roving sellers).
 */
export function GameStrip({ game, action }: { game: GameView; action?: ReactNode }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <section className="game-strip" aria-label={t('sale.gameInfo')}>
      <div className="strip-item">
        <span className="strip-label">{t('sale.game')}</span>
        <span className="strip-value" data-testid="sale-game-number">
          {t('sale.gameNumber', { number: game.number })}
          {game.isLast ? <span className="badge badge-last">{t('draw.lastGame')}</span> : null}
        </span>
      </div>
      <div className="strip-item">
        <span className="strip-label">{t('sale.price')}</span>
        <span className="strip-value" data-testid="sale-price">{f.money(game.priceCents)}</span>
      </div>
      <div className="strip-item">
        <span className="strip-label">{t('sale.series')}</span>
        <span className="strip-value">
          {game.firstSeries.code}
          {game.secondSeries ? ` + ${game.secondSeries.code}` : ''}
        </span>
      </div>
      <div className="strip-item strip-next">
        <span className="strip-label">{t('sale.nextCard')}</span>
        <span className="strip-value" data-testid="next-card">
          {game.nextCard ? `${game.nextCard.seriesCode} ${game.nextCard.number}` : t('sale.soldOut')}
        </span>
      </div>
      <div className="strip-item">
        <span className="strip-label">{t('sale.available')}</span>
        <span className="strip-value" data-testid="cards-available">{game.cardsAvailable}</span>
      </div>
      {action ? <div className="strip-item strip-action">{action}</div> : null}
    </section>
  );
}
