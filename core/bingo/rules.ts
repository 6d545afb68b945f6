/** Fixed numbers of Despacho Normativo 80/85 that the bingo services apply. */

/** Ball sets (art. 5.3): at most 2000 games a set; the kiosk warns from 1900. */
export const BALL_SET_MAX_GAMES = 2000;
export const BALL_SET_WARN_GAMES = 1900;
/** The last game of a session: one opened within 10 minutes of its closing time (art. 14.5). */
export const LAST_GAME_MINUTES = 10;
/**
 * The reasons a game may be annulled (art. 16.1, 16.2, 16.5), and the closing
 * time: a game that can no longer be played before it (art. 14.5).
 */
export const ANNUL_REASONS = ['failure_before_draw', 'failure_during_draw', 'announcement_error', 'closing_time'] as const;
/** A failure before the first ball may annul the game after 15 minutes (art. 16.1). */
export const SUSPENSION_ANNUL_MINUTES = 15;
/** Winning cards are kept 8 days (art. 15.5). */
export const WINNING_CARD_RETENTION_DAYS = 8;
/** A session closes after it opens and at most this many hours ahead (docs/decisions/sessions.md). */
export const MAX_SESSION_HOURS = 24;

/** The checks the acta needs before a session's first game (art. 5.2: every ball; art. 11.1: the material). */
export const START_CHECKS = ['balls', 'material'] as const;
export type StartCheck = (typeof START_CHECKS)[number];

/** Which start-of-session checks are not yet recorded, in the order the manager should do them. */
export function missingStartChecks(recorded: readonly { phase: string; kind: string }[]): StartCheck[] {
  return START_CHECKS.filter((kind) => !recorded.some((c) => c.phase === 'start' && c.kind === kind));
}
