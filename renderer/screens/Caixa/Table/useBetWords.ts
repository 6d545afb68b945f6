/** The words of a bet and of a chance, as the sheet shows them. */
import { useTranslation } from 'react-i18next';
import { CHANCE_WORDS } from '../../../../core/roulette/errors.js';
import { isSimpleChance, type Chance } from '../../../../core/roulette/rules.js';
import { useFormat } from '../../../format.js';
import { numbersText } from './parse.js';
import type { BetInput, Colours, Settlement } from './types.js';

/** A chance's (or limit group's) name: the translation, else the Portuguese word of core. */
export function useChanceLabel() {
  const { t } = useTranslation();
  return (chance: string) => t(`tableSheet.chance.${chance}`, { defaultValue: CHANCE_WORDS[chance]?.pt ?? chance });
}

/** The words of a bet: its chance and numbers, what it stakes, and a settled bet with its colour chips. */
export function useBetWords(colours: Colours) {
  const { t } = useTranslation();
  const f = useFormat();
  const chanceLabel = useChanceLabel();
  /** A colour's value now (the settlement uses the value marked when it runs). */
  const valueOf = (name: string | undefined) => colours.find((c) => c.colour === name)?.valueCents ?? null;
  /** What a bet entered stakes: its chips at their colour's value, or its amount. */
  const stakeOf = (b: BetInput): number | null => {
    if (b.chips === undefined) return b.amountCents ?? null;
    const value = valueOf(b.colour);
    return value === null ? null : value * b.chips;
  };
  const betText = (b: { chance: string; numbers?: readonly number[] | undefined }) =>
    // A simple chance is named alone (the settlement lists the 18 numbers it covers).
    b.numbers && b.numbers.length > 0 && !isSimpleChance(b.chance as Chance) ? t('tableSheet.betText', { chance: chanceLabel(b.chance), numbers: numbersText(b.numbers) }) : chanceLabel(b.chance);
  return {
    chanceLabel,
    betText,
    /** The stake column of a bet entered: "2 × 5,00 € = 10,00 €" in colour chips, "10,00 €" otherwise. */
    stakeText: (b: BetInput): string => {
      const stake = stakeOf(b);
      const money = stake === null ? '—' : f.money(stake);
      return b.chips === undefined ? money : `${t('tableSheet.chipsLine', { count: b.chips, value: f.money(valueOf(b.colour) ?? 0) })} = ${money}`;
    },
    /** A settled bet, with its colour chips when it was in them ("pleno 17 · 2 × 5,00 € verde"). */
    withChips: (b: Settlement['bets'][number]) =>
      b.colourChips
        ? t('tableSheet.betWithChips', { bet: betText(b), chips: t('tableSheet.chipsLine', { count: b.colourChips.chips, value: f.money(b.colourChips.valueCents) }), colour: b.colourChips.colour })
        : betText(b),
  };
}
