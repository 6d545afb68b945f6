import type { SpecialPrizeSettings } from './bingo/prizes.js';

/**
 * Hall settings with their defaults (SPEC 3: per-sale maximum 100; chips off).
 * Stamp duty has no default (SPEC 5): it must be set before the first game.
 */
export interface HallSettings {
  maxCardsPerSale: number;
  chipsAllowed: boolean;
  stampDutyBasisPoints: number | null;
  specialPrize: SpecialPrizeSettings | null;
}

export const DEFAULT_SETTINGS: HallSettings = {
  maxCardsPerSale: 100,
  chipsAllowed: false,
  stampDutyBasisPoints: null,
  specialPrize: null,
};

/** Ball sets (DN art. 5.3): at most 2000 games a set; the kiosk warns from 1900. */
export const BALL_SET_MAX_GAMES = 2000;
export const BALL_SET_WARN_GAMES = 1900;
/** The last game of a session: one opened within 10 minutes of its closing time (art. 14.5). */
export const LAST_GAME_MINUTES = 10;
/** A failure before the first ball may annul the game after 15 minutes (art. 16.1). */
export const SUSPENSION_ANNUL_MINUTES = 15;
/** Winning cards are kept 8 days (art. 15.5). */
export const WINNING_CARD_RETENTION_DAYS = 8;

/** Failed PINs before a lock-out, and how long it lasts (issue #2). */
export const PIN_MAX_ATTEMPTS = 5;
export const PIN_LOCK_MINUTES = 5;
/** An operator session left idle this long is locked. */
export const IDLE_LOCK_MINUTES = 15;

export function isValidPin(pin: string): boolean {
  return /^\d{4,8}$/.test(pin);
}

/** The hall's time zone: days of operation (art. 10.2) are counted in it. */
export const HALL_TIME_ZONE = 'Europe/Lisbon';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: HALL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** The calendar day (YYYY-MM-DD) of an instant in the hall's time zone. */
export function hallDay(at: Date): string {
  return dayFormat.format(at);
}
