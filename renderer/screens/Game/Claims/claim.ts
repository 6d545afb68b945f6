/** A claim's shapes and words: the kinds, the check's outcome, a card's label, the numbers typed. */
import type { ChannelInput, ChannelOutput, GameView } from '../../../../core/contract.js';
import type { ClientError } from '../../../client.js';

export type Kind = 'line' | 'bingo';
export type ClaimInput = ChannelInput<'game.claim'>;
/** A claim as checked: with the card's face when on record. */
export type CheckedClaim = ChannelOutput<'game.claim'>;
export type Outcome =
  | { type: 'claim'; claim: CheckedClaim }
  | { type: 'manual'; error: ClientError; input: ClaimInput; refusal?: ClientError }
  | { type: 'error'; error: ClientError | string };

/** A card as the hall names it: its series and number ("A 17"). */
export const cardLabel = (code: string, card: number) => `${code} ${card}`;

/** The game's series a claim may name: the first and, when there is one, the second. */
export function seriesOf(game: GameView): string[] {
  return game.secondSeries ? [game.firstSeries.code, game.secondSeries.code] : [game.firstSeries.code];
}

/** "12 34, 56" -> [12, 34, 56]: the numbers of a card as typed, in any separator. */
export function parseCardNumbers(text: string): number[] {
  return text
    .split(/[^\d]+/)
    .filter((x) => x !== '')
    .slice(0, 15)
    .map(Number);
}

/** "o 9", "o 9 e o 14" / "9 and 14": numbers joined as the language says them. */
export function numberList(lang: string, numbers: readonly number[], item: (n: number) => string): string {
  return new Intl.ListFormat(lang === 'en' ? 'en-GB' : 'pt-PT', { type: 'conjunction' }).format(numbers.map(item));
}
