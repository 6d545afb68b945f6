import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardView, ClaimView, GameView } from '../../../../core/contract.js';
import { invoke } from '../../../client.js';
import { parseCardEntry } from '../../../lib/cardEntry.js';
import { parseWhole } from '../../../lib/settings.js';
import { seriesOf, type ClaimInput, type Kind, type Outcome } from './claim.js';
import type { OneAtATime } from './useOneAtATime.js';

/**
 * A card's check at the current ball: its kind, series and number (typed, scanned or picked from the cards that
 * hold one), the kiosk's verdict, or the numbers the manager reads from a card without a face on record (art. 9.1).
 */
export function useClaimCheck(game: GameView, board: BoardView, guard: OneAtATime, on: { send: () => void; claimed: (claim: ClaimView) => void }) {
  const { t } = useTranslation();
  const codes = seriesOf(game);
  const [kindChoice, setKindChoice] = useState<Kind | null>(null);
  const [seriesChoice, setSeriesChoice] = useState<string | null>(null);
  const [cardText, setCardText] = useState('');
  // A card without a face on record: its numbers as the manager reads them (art. 9.1).
  const [numbersText, setNumbersText] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const cardRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // A verdict and its card come into view in the draw's column, however little room the screen leaves.
  useEffect(() => {
    if (outcome) resultRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [outcome]);

  const kind: Kind = board.lineAwarded ? 'bingo' : (kindChoice ?? 'line');
  const seriesCode = seriesChoice !== null && codes.includes(seriesChoice) ? seriesChoice : (codes[0] ?? '');

  const send = (input: ClaimInput) =>
    guard.run(async () => {
      on.send();
      const r = await invoke('game.claim', input);
      if (r.ok) {
        setOutcome({ type: 'claim', claim: r.value });
        setCardText('');
        setNumbersText('');
        on.claimed(r.value);
      } else if (r.error.code === 'MANUAL_CONFIRMATION_REQUIRED') {
        setOutcome({ type: 'manual', error: r.error, input });
      } else if (r.error.code.startsWith('MANUAL_CLAIM_') && outcome?.type === 'manual') {
        // The numbers typed do not hold: the check stays open, the refusal names them.
        setOutcome({ ...outcome, refusal: r.error });
      } else {
        setOutcome({ type: 'error', error: r.error });
      }
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A card as printed on it, typed or scanned ("A 17"), names its series; a bare number takes the series chosen.
    const entry = parseCardEntry(cardText);
    const printed = entry && 'card' in entry ? entry.card : null;
    if (printed && !codes.includes(printed.seriesCode)) {
      setOutcome({ type: 'error', error: t('claims.seriesNotInGame', { series: printed.seriesCode }) });
      cardRef.current?.focus();
      return;
    }
    const card = printed ? printed.number : parseWhole(cardText, 1, 1_000_000);
    if (card === null) {
      setOutcome({ type: 'error', error: t('claims.cardInvalid') });
      cardRef.current?.focus();
      return;
    }
    if (printed) setSeriesChoice(printed.seriesCode);
    void send({ gameId: game.id, kind, seriesCode: printed ? printed.seriesCode : seriesCode, card });
  };

  return {
    codes,
    kind,
    chooseKind: (k: Kind) => {
      setKindChoice(k);
      setOutcome(null);
    },
    seriesCode,
    chooseSeries: setSeriesChoice,
    cardText,
    typeCard: (text: string) => {
      setCardText(text);
      if (outcome?.type !== 'manual') setOutcome(null);
    },
    numbersText,
    setNumbersText,
    outcome,
    clear: () => setOutcome(null),
    send,
    submit,
    /** A card that holds a line or bingo, picked: the check is ready, its key in focus. */
    prefill: (k: Kind, code: string, card: number) => {
      setKindChoice(k);
      setSeriesChoice(code);
      setCardText(String(card));
      setOutcome(null);
      submitRef.current?.focus();
    },
    cardRef,
    submitRef,
    resultRef,
  };
}
export type ClaimCheck = ReturnType<typeof useClaimCheck>;
