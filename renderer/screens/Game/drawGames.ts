/**
 * Which games the game screen shows where: each announcement beside its own
 * game, the games in their draw, the one the draw panel follows. Pure: the
 * screen hands in what session.current and closeSale gave it.
 */
import type { ChannelOutput, GameView } from '../../../core/contract.js';
import type { AnnouncementData } from './Announcement.js';

type CloseResult = ChannelOutput<'game.closeSale'>;

/** What the English rendering of a game's announcement needs of the game (its pair, the last game). */
function pairOf(game: GameView | undefined): Pick<AnnouncementData, 'isLast' | 'double' | 'pairFirstNumber'> {
  if (!game) return {};
  return { isLast: game.isLast, double: game.double, ...(game.double === 'second' ? { pairFirstNumber: game.number - 1 } : {}) };
}

/** A game's announcement as the panel shows it (none once annulled). */
/** The announcement closeSale just returned, for its game (when the list holds it). */
function closedAnnouncement(closed: CloseResult, game: GameView | undefined): AnnouncementData {
  return {
    gameNumber: game?.number ?? null,
    announcement: closed.announcement,
    ranges: closed.ranges,
    cardsSold: closed.cardsSold,
    totalCents: closed.totalCents,
    linePrizeCents: closed.linePrizeCents,
    bingoPrizeCents: closed.bingoPrizeCents,
    ...pairOf(game),
  };
}

function announcementOf(game: GameView | undefined): AnnouncementData | null {
  if (!game || game.announcement === null || game.state === 'annulled') return null;
  return {
    gameNumber: game.number,
    announcement: game.announcement,
    ranges: game.soldRanges,
    cardsSold: game.cardsSold,
    totalCents: game.totalCents,
    linePrizeCents: game.linePrizeCents ?? 0,
    bingoPrizeCents: game.bingoPrizeCents ?? 0,
    ...pairOf(game),
  };
}

/** A game's own announcement: the one its close of sale just returned here, else the one it holds. */
export function announcementFor(game: GameView, closed: CloseResult | null): AnnouncementData | null {
  if (game.state === 'annulled') return null;
  if (closed && closed.gameId === game.id) {
    return closedAnnouncement(closed, game);
  }
  return announcementOf(game);
}

/**
 * The newest announcement: the one just returned by closeSale or the latest in
 * the session. An annulled game's announcement no longer holds (art. 16.º):
 * it leaves the screen, whatever game sells next.
 */
export function latestAnnouncement(games: readonly GameView[], closed: CloseResult | null): AnnouncementData | null {
  const announced = games.filter((g) => g.announcement !== null && g.state !== 'annulled').sort((a, b) => b.number - a.number)[0];
  const closedGame = closed ? games.find((g) => g.id === closed.gameId) : undefined;
  if (closed && closedGame?.state !== 'annulled' && (!announced || announced.id === closed.gameId || (closedGame && closedGame.number > announced.number))) {
    return closedAnnouncement(closed, closedGame);
  }
  return announcementOf(announced);
}

/**
 * A game between its close of sale and its end: sale closed, drawing, or
 * suspended in one of those. A game suspended during its sale is still in its
 * sale: it has no announcement, no draw and no claim yet.
 */
export function inDraw(game: Pick<GameView, 'state' | 'suspendedFrom'>): boolean {
  return game.state === 'sale_closed' || game.state === 'drawing' || (game.state === 'suspended' && game.suspendedFrom !== null && game.suspendedFrom !== 'selling');
}

/**
 * The games the draw panel can show: those after their close of sale and not
 * over (oldest first), plus the one the manager chose, even once finished or
 * annulled, so its winners stay on screen.
 */
export function drawCandidates(games: readonly GameView[], chosenId: number | null): GameView[] {
  return games
    .filter((g) => g.id === chosenId || inDraw(g))
    .sort((a, b) => a.number - b.number);
}
