import { useTranslation } from 'react-i18next';
import { boardColumns } from '../../lib/board.js';

interface Props {
  balls: readonly number[];
  /** The draw is open (sale closed, not suspended, finished or annulled). */
  canDraw: boolean;
  /** The number touched and waiting for its confirmation, if any. */
  pending?: number | null;
  /** A number touched: it is chosen, not registered (the draw panel asks to confirm it). */
  onChoose: (n: number) => void;
}

const NUMBERS = boardColumns().flat();

/**
 * The 1-90 board: 9 columns of 10 (1-10, 11-20, ...). A number not yet drawn
 * is a button that chooses it (the ball is registered only once confirmed); a
 * drawn one is pressed and disabled, so the same ball can never be sent twice
 * from here (the kiosk refuses it anyway).
 */
export function Board({ balls, canDraw, pending = null, onChoose }: Props) {
  const { t } = useTranslation();
  const drawn = new Set(balls);
  const last = balls.at(-1);
  return (
    <div className="board" role="group" aria-label={t('draw.board')} data-testid="board">
      {NUMBERS.map((n) => {
        const isDrawn = drawn.has(n);
        const isPending = !isDrawn && n === pending;
        const label = isDrawn ? t('draw.numberDrawn', { n }) : isPending ? t('draw.numberPending', { n }) : t('draw.numberChoose', { n });
        return (
          <button
            key={n}
            type="button"
            className={`ball-key${isDrawn ? ' drawn' : ''}${n === last ? ' last' : ''}${isPending ? ' pending' : ''}`}
            data-testid={`board-number-${n}`}
            aria-pressed={isDrawn}
            aria-label={label}
            disabled={isDrawn || !canDraw}
            onClick={() => onChoose(n)}
          >
            {n}
          </button>
        );
      })}
    </div>
  );
}
