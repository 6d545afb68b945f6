/**
 * When a game may be opened, as far as the session's games decide it: one
 * game sells at a time (art. 11.2, 13), and a game suspended during its sale
 * (art. 16.1) is resumed or annulled before another opens. The service
 * refuses game.open by this rule; the manager's screen reads it to say, beside
 * "Abrir jogada", why it cannot be pressed.
 */
import type { SessionGame } from './closing.js';

type OpenBlock = { code: 'GAME_ALREADY_SELLING'; params: { number: number } } | { code: 'GAME_SUSPENDED_PENDING'; params: { number: number } };

/** The game that holds the sale: the one selling, or the one suspended during its sale; undefined when none. */
export function saleHolder<G extends Pick<SessionGame, 'state' | 'suspendedFrom'>>(games: readonly G[]): G | undefined {
  return games.find((g) => g.state === 'selling') ?? games.find((g) => g.state === 'suspended' && g.suspendedFrom === 'selling');
}

/** Why no game may be opened now because of another game of the session, or null. */
export function openBlock(games: readonly Pick<SessionGame, 'number' | 'state' | 'suspendedFrom'>[]): OpenBlock | null {
  const holder = saleHolder(games);
  if (!holder) return null;
  return { code: holder.state === 'selling' ? 'GAME_ALREADY_SELLING' : 'GAME_SUSPENDED_PENDING', params: { number: holder.number } };
}
