import { useState } from 'react';
import type { GameView } from '../../../../core/contract.js';
import { useNow } from '../../../hooks.js';

type DrawBlock = { kind: 'waits'; number: number } | { kind: 'last_game_held' | 'closing_time_passed' | 'double_as_last'; number: number | null };

/**
 * Why the draw of a game sold and closed cannot begin now: another game is
 * being drawn (it waits), or it can no longer be played (art. 14.5). The
 * closing time is also read from the screen's clock, which goes on between
 * the kiosk's answers.
 */
function drawBlock(game: Pick<GameView, 'unplayable' | 'drawWaitsFor' | 'closeAt' | 'double'>, now: Date): DrawBlock | null {
  if (game.unplayable) return { kind: game.unplayable.reason, number: game.unplayable.lastGame };
  if (game.double !== 'second' && now.getTime() >= new Date(game.closeAt).getTime()) return { kind: 'closing_time_passed', number: null };
  if (game.drawWaitsFor !== null) return { kind: 'waits', number: game.drawWaitsFor };
  return null;
}

/**
 * Whether the draw may begin (art. 14.5): before the first ball, what blocks it, and whether this game becomes
 * the session's last, which the manager announces aloud first.
 */
export function useDrawWindow(game: GameView, beforeDraw: boolean) {
  // The clock matters only before the first ball: the last 10 minutes and the closing time (art. 14.5).
  const now = useNow(15_000, beforeDraw);
  const unplayable = beforeDraw ? drawBlock(game, now) : null;
  // Art. 14.5: a draw begun within the last 10 minutes makes the game the last; the manager announces it aloud first.
  const [lastRefused, setLastRefused] = useState(false);
  const [lastAnnounced, setLastAnnounced] = useState(false);
  const becomesLast = beforeDraw && unplayable === null && !game.isLast && (lastRefused || now.getTime() >= new Date(game.lastGameFrom).getTime());
  return {
    unplayable,
    becomesLast,
    lastAnnounced,
    announce: () => setLastAnnounced(true),
    /** The kiosk's clock says the window has begun: the announcement comes first, as the notice asks. */
    refusedLast: () => {
      setLastRefused(true);
      setLastAnnounced(false);
    },
  };
}
export type DrawWindow = ReturnType<typeof useDrawWindow>;
