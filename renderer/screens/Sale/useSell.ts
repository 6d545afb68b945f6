import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput, GameView, SaleView } from '../../../core/contract.js';
import { answerLost, hallAnswerLost, invoke, newActionKey, type ClientError } from '../../client.js';
import { useFormat } from '../../format.js';
import type { QueryState } from '../../hooks.js';
import { checkSale, parseQuantity, saleViewOf, withNewSale } from '../../lib/sale.js';
import type { SaleResult } from './LastSale.js';
import type { useSaleForm } from './useSaleForm.js';
import { useUnknownSale } from './useUnknownSale.js';

/** How many of the game's sales the screen lists. */
export const RECENT_SALES = 8;

interface Deps {
  game: GameView | undefined;
  cashier: string;
  terminalId: string;
  noDrawer: boolean;
  linkDown: boolean;
  link: ChannelOutput<'link.status'> | undefined;
  form: ReturnType<typeof useSaleForm>;
  sales: QueryState<SaleView[]>;
  /** The session's query, fetched again after a refusal (the game may have changed). */
  reloadSession: () => Promise<void>;
  setError: (e: ClientError | string | null) => void;
  setHallSaid: (said: 'done' | 'not_done' | null) => void;
  /** A sale is sent: what was said of the previous act is stale. */
  onSend: () => void;
  /**
   * The player the sale is made to, where the hall identifies its players at the purchase of cards (Lei n.º 83/2017,
   * art. 76.º, n.º 5): without one, "Vender" opens the identification instead; once sold, the next sale asks again.
   */
  player: { personId: number } | null;
  playerNeeded: boolean;
  askPlayer: () => void;
  onSold: () => void;
}

/**
 * The act of selling, once at a time: the form checked, the sale sent under its Idempotency-Key (the same key while
 * its answer is lost), its answer the last sale and the recent sales' new row, or a sale of unknown outcome until the
 * hall answers for its key.
 */
export function useSell({ game, cashier, terminalId, noDrawer, linkDown, link, form, sales, reloadSession, setError, setHallSaid, onSend, player, playerNeeded, askPlayer, onSold }: Deps) {
  const { t } = useTranslation();
  const f = useFormat();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  // The sale's Idempotency-Key while its answer is lost: "Vender" pressed again for the same cards is the same act, never a second sale.
  const lostSale = useRef<{ key: string; input: string } | null>(null);
  const [last, setLast] = useState<SaleResult | null>(null);
  const { quantityText, tendered, quantityRef, tenderedRef } = form;

  // A sale of unknown outcome, once the hall has answered for its key. Made, with its answer: the sale's own panel says
  // it (its numbers, its receipt), as the sale would have; not made: a new sale may be made, under a new key.
  const { unknownSale, setUnknownSale } = useUnknownSale(link, (outcome, sale) => {
    lostSale.current = null;
    const made = outcome.state === 'done' && outcome.channel === 'sale.create' ? (outcome.value as ChannelOutput<'sale.create'> | null | undefined) : null;
    setHallSaid(outcome.state !== 'done' ? 'not_done' : made ? null : 'done');
    if (outcome.state !== 'done') return;
    if (made) {
      setLast({ ...made, gameId: sale.gameId, gameNumber: sale.gameNumber });
      form.reset();
    }
    void sales.reload();
  });

  const sell = async (exact = false) => {
    if (!game || busyRef.current || game.cardsAvailable === 0 || game.unplayable || noDrawer || unknownSale || linkDown) return;
    // "Exato": the customer hands the total over; one tap sells.
    const given = exact ? (parseQuantity(quantityText) ?? 0) * game.priceCents : tendered;
    const c = checkSale(quantityText, game.priceCents, given);
    if (!c.ok) {
      if (c.reason === 'quantity') {
        setError(t('sale.quantityInvalid'));
        quantityRef.current?.focus();
      } else {
        setError(t('sale.tenderedShort', { tendered: f.money(given), total: f.money(c.totalCents) }));
        tenderedRef.current?.focus();
      }
      return;
    }
    if (playerNeeded && player === null) {
      setError(null);
      askPlayer();
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setError(null);
    onSend();
    setHallSaid(null);
    if (exact) form.setTendered(given);
    const input = { gameId: game.id, quantity: c.quantity, payment: { method: 'cash' as const, tenderedCents: given }, ...(player ? { personId: player.personId } : {}) };
    const sent = JSON.stringify(input);
    const key = lostSale.current?.input === sent ? lostSale.current.key : newActionKey();
    const r = await invoke('sale.create', input, { key });
    lostSale.current = answerLost(r) ? { key, input: sent } : null;
    busyRef.current = false;
    setBusy(false);
    if (!r.ok) {
      if (hallAnswerLost(r)) {
        // Not "nothing was done": the hall may have sold these cards. Said in place until the hall answers for the key.
        setUnknownSale({ key, totalCents: c.totalCents, gameId: game.id, gameNumber: game.number });
        setError(null);
        return;
      }
      // A lost answer is said as what it is: pressing again is safe (the same key), and says what happened.
      setError(lostSale.current ? t('sale.answerLost') : r.error);
      void reloadSession();
      return;
    }
    setLast({ ...r.value, gameId: game.id, gameNumber: game.number });
    onSold();
    // The answer is the new row of the recent sales; the game's numbers come back with the sale's event.
    const sale = saleViewOf(r.value, {
      gameId: game.id,
      unitPriceCents: game.priceCents,
      paymentMethod: 'cash',
      cashier,
      terminalId,
      createdAt: new Date().toISOString(),
    });
    sales.apply('sale.create', (list) => withNewSale(list, sale, RECENT_SALES));
    // The next quantity is typed over the "1".
    form.ready();
  };

  return { sell, busy, last, setLast, unknownSale };
}
