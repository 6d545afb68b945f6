import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { GameView, SaleView } from '../../../core/contract.js';
import type { ClientError } from '../../client.js';
import { useKioskQuery } from '../../hooks.js';
import { checkSale, parseQuantity } from '../../lib/sale.js';
import { useCustomerDisplay } from '../../lib/useCustomerDisplay.js';
import { useReprint } from './useReprint.js';
import { useSaleForm } from './useSaleForm.js';
import { useSaleKeys } from './useSaleKeys.js';
import { RECENT_SALES, useSell } from './useSell.js';
import type { VoidResult } from './VoidNotice.js';
import type { Person } from '../../components/Payee.js';

/** A refusal because the hall could not be reached: the link's banner says that. */
const isHallUnreachable = (e: ClientError | string | null) => e !== null && typeof e !== 'string' && e.code === 'HALL_UNREACHABLE';

/** The sale's figures as typed: quantity, total, change, the bounds of the quantity and what stops the sale. */
export function saleFigures(game: GameView | undefined, quantityText: string, tendered: number, maxPerSale: number | null) {
  const price = game?.priceCents ?? 0;
  const quantity = parseQuantity(quantityText);
  return {
    quantity,
    total: quantity === null ? null : quantity * price,
    check: checkSale(quantityText, price, tendered),
    maxPerSale,
    upper: Math.max(1, Math.min(maxPerSale ?? Infinity, game?.cardsAvailable ?? Infinity)),
    overMax: quantity !== null && maxPerSale !== null && quantity > maxPerSale,
    soldOut: game !== undefined && game.cardsAvailable === 0,
    // Art. 14.5: a game that can no longer be played (another is the last, or the closing time has passed) sells nothing more.
    notPlayable: game?.unplayable ?? null,
    overAvailable: quantity !== null && game !== undefined && quantity > game.cardsAvailable,
  };
}

export type SaleFigures = ReturnType<typeof saleFigures>;

/** The void of the last sale: its dialog, the sale it names (fixed when it opens) and what it did. */
function useVoidLast() {
  const [voiding, setVoiding] = useState(false);
  // The sale the void dialog names, fixed when it opens: a sale made meanwhile elsewhere never takes its place.
  const [voidSale, setVoidSale] = useState<SaleView | null>(null);
  const [voided, setVoided] = useState<VoidResult | null>(null);
  const open = (sale: SaleView | null) => {
    setVoidSale(sale);
    setVoiding(true);
  };
  return { voiding, setVoiding, voidSale, open, voided, setVoided };
}

/**
 * The sale screen's state and acts: the selling game, the drawer and the
 * hall's link, the form, the sale under way and what the screen says of it
 * (a refusal, what the hall said of a sale of unknown outcome, a void, a
 * reprint), the keys, and why "Vender" is off when it is.
 */
export function useSaleScreen(cashier: string, terminalId: string) {
  const current = useKioskQuery('session.current', {});
  const settings = useKioskQuery('settings.get', {});
  const game: GameView | undefined = current.data?.games.find((g) => g.state === 'selling');
  const sales = useKioskQuery('sale.list', game ? { gameId: game.id, limit: RECENT_SALES } : null);
  // No cash moves without an open drawer: said before the first key, not after the money is taken.
  const drawer = useKioskQuery('drawer.current', {});
  const noDrawer = drawer.data === null;

  const [error, setError] = useState<ClientError | string | null>(null);
  // What the hall said of a sale of unknown outcome.
  const [hallSaid, setHallSaid] = useState<'done' | 'not_done' | null>(null);
  const link = useKioskQuery('link.status', {});
  // A counter cut off from the hall sells nothing: the top banner says it (once); "Vender" and "Exato" are off and say why in short.
  const linkDown = link.data?.mode === 'counter' && link.data.link === 'down';
  const voids = useVoidLast();
  const reprint = useReprint(sales.data, terminalId);
  const form = useSaleForm(() => {
    setError(null);
    setHallSaid(null);
  });
  const formRef = useRef<HTMLFormElement>(null);
  // The player of the next sale, where the hall identifies its players at the purchase of cards (Lei n.º 83/2017, art. 76.º, n.º 5).
  const playerNeeded = settings.data?.identificationMoment === 'purchase';
  const [player, setPlayer] = useState<Person | null>(null);
  const [identifying, setIdentifying] = useState(false);
  const { sell, busy, last, setLast, unknownSale } = useSell({
    game,
    cashier,
    terminalId,
    noDrawer,
    linkDown,
    link: link.data,
    form,
    sales,
    reloadSession: current.reload,
    setError,
    setHallSaid,
    onSend: () => {
      voids.setVoided(null);
      reprint.setReprintNote(null);
    },
    player,
    playerNeeded,
    askPlayer: () => setIdentifying(true),
    onSold: () => setPlayer(null),
  });

  const figures = saleFigures(game, form.quantityText, form.tendered, settings.data?.maxCardsPerSale ?? null);
  const { soldOut, notPlayable } = figures;
  useCustomerDisplay({ hallName: settings.data?.hallName, game, quantity: figures.quantity, tenderedCents: form.tendered, pristine: form.pristine, last });

  const clearForm = () => {
    form.reset();
    setError(null);
  };

  // The link down: the banner says it from now on, not a refusal of a sale tried just before.
  useEffect(() => {
    if (linkDown) setError((e) => (isHallUnreachable(e) ? null : e));
  }, [linkDown]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void sell();
  };

  useSaleKeys({ formRef, paused: voids.voiding || reprint.reprinting || identifying, sell, clear: clearForm, typeDigit: form.typeDigit });

  // A new game: what was shown belongs to the previous one.
  const gameId = game?.id ?? null;
  useEffect(() => {
    voids.setVoided(null);
    setError(null);
    reprint.setReprintNote(null);
    setHallSaid(null);
  }, [gameId]);

  // A sale refused because the game sold out meanwhile: the sold-out notice says it in words that fit; the hall out of
  // reach, the banner (each fault said once, in one place).
  const shownError = (soldOut && error !== null && typeof error !== 'string' && error.code === 'NOT_ENOUGH_CARDS') || (linkDown && isHallUnreachable(error)) ? null : error;
  const loadError = linkDown ? null : current.error;
  // Why "Vender" is off, when it is (the element its aria-describedby names).
  // What the slot says (SaleSlot): a game no longer played before a closed drawer, which it makes moot.
  const blockedBy = unknownSale ? 'sale-unknown' : linkDown ? 'sale-link-down' : notPlayable && !soldOut ? 'sale-not-playable' : noDrawer ? 'sale-no-drawer' : soldOut ? 'sale-sold-out' : undefined;

  const players = { needed: playerNeeded, player, setPlayer, identifying, setIdentifying };
  return { current, game, sales, noDrawer, linkDown, setError, hallSaid, voids, reprint, form, formRef, submit, sell, busy, last, setLast, unknownSale, figures, shownError, loadError, blockedBy, players };
}

export type SaleScreenState = ReturnType<typeof useSaleScreen>;
