import { useTranslation } from 'react-i18next';
import { recentBalls } from '../../../lib/board.js';
import type { BallEntry } from './useBallEntry.js';

/** Balls shown after the last one, newest first. */
const RECENT = 6;

/** The last ball in big, the count and the balls before it, the ball's field and its key (naming the ball), a touched ball's cancel. */
export function BallEntryBox({
  entry,
  balls,
  ballCount,
  canDraw,
  shownPending,
}: {
  entry: BallEntry;
  balls: readonly number[];
  ballCount: number;
  canDraw: boolean;
  /** The ball touched on the board, waiting for its confirmation. */
  shownPending: number | null;
}) {
  const { t } = useTranslation();
  const last = balls.at(-1);
  return (
    <div className="draw-head">
      <div className="last-ball-box" aria-live="polite">
        <span className="strip-label">{t('draw.lastBall')}</span>
        <span className="last-ball" data-testid="last-ball">
          {last ?? '—'}
        </span>
      </div>
      <div className="draw-entry">
        <div className="draw-count-row">
          <p className="ball-count" data-testid="ball-count">
            {t('draw.ballCount', { count: ballCount })}
          </p>
          <ul className="recent-balls" aria-label={t('draw.recent')}>
            {recentBalls(balls, RECENT + 1)
              .slice(1)
              .map((n) => (
                <li key={n} className="recent-ball">
                  {n}
                </li>
              ))}
          </ul>
        </div>
        <form className="draw-form" onSubmit={entry.submit} aria-label={t('draw.formLabel')}>
          <label htmlFor="draw-input" className="visually-hidden">
            {t('draw.input')}
          </label>
          <input
            ref={entry.inputRef}
            id="draw-input"
            className="draw-input"
            data-testid="draw-input"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('draw.placeholder')}
            value={entry.text}
            maxLength={2}
            onChange={(e) => entry.type(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && entry.text !== '') {
                e.preventDefault();
                entry.cancelPending();
              }
            }}
            disabled={!canDraw}
            autoFocus
          />
          <button
            ref={entry.submitRef}
            type="submit"
            className={`btn btn-primary btn-large draw-submit${shownPending !== null ? ' confirming' : ''}`}
            data-testid="draw-submit"
            disabled={!canDraw || entry.busy}
          >
            {entry.typed !== null ? t('draw.submitBall', { n: entry.typed }) : t('draw.submit')}
          </button>
        </form>
        {shownPending !== null ? (
          <div className="draw-pending" role="status" data-testid="draw-pending">
            <span>{t('draw.confirmHint', { n: shownPending })}</span>
            <button type="button" className="btn btn-small" data-testid="draw-cancel" onClick={entry.cancelPending}>
              {t('common.cancel')}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
