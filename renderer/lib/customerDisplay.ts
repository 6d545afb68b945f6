/**
 * The customer display (issue 38): what the customer at the counter sees on a
 * second screen, made from the sale screen's state. Only the customer's own
 * sale: the cards (quantity, game, unit price), the total, what was tendered,
 * the change, and after the sale the cards sold. Never an operator's name, a
 * drawer's figure or another customer's sale; idle, the hall's name and a
 * welcome.
 *
 * How the view travels: the display is a page on the counter's own machine
 * (its second monitor) and of the counter page's own origin, so the sale
 * screen posts each view on a same-origin BroadcastChannel and the display
 * page listens. No server, no token, no new channel of the contract: the
 * display page holds no credential and its CSP (connect-src 'none') lets it
 * call nothing. In Electron the display is a second window of app://kiosk
 * (same origin, same session) with no preload at all; in browser mode it is
 * /customer opened in the same browser profile as the counter.
 *
 * This module is pure (no React, no i18next): the display page imports its
 * message check without the counter's bundle.
 */
import { formatCents, type Cents } from '../../core/money.js';
import { formatRange, type CardRange } from './ranges.js';

/** The BroadcastChannel's name; the same origin only, by the browser's rule. */
export const CUSTOMER_CHANNEL = 'kiosk.customer-display';

/** The sale screen's state, as much of it as the customer may see. */
export interface CustomerSaleState {
  hallName: string | undefined;
  /** The game selling (its number and the price of a card), if any. */
  game: { number: number; priceCents: Cents } | null | undefined;
  /** The quantity typed, null when it is no whole number >= 1. */
  quantity: number | null;
  tenderedCents: Cents;
  /** Nothing typed since the last sale (or ever). */
  pristine: boolean;
  /** The last sale the screen made, as the hall answered it. */
  last: {
    gameNumber: number;
    quantity: number;
    totalCents: Cents;
    tenderedCents: Cents;
    changeCents: Cents;
    ranges: readonly CardRange[];
  } | null;
}

interface CustomerLine {
  quantity: number;
  item: string;
  unitPrice: string;
  amount: string;
}

type CustomerAmountKey = 'total' | 'tendered' | 'change' | 'missing';

interface CustomerAmount {
  key: CustomerAmountKey;
  label: string;
  value: string;
}

/** What the display shows, every text made (pt-PT money, ranges): the page only lays it out. */
export type CustomerView =
  | { kind: 'idle'; hallName: string; welcome: string }
  | {
      /** 'sale': being sold; 'sold': the sale made, until the next is begun. */
      kind: 'sale' | 'sold';
      hallName: string;
      heading: string;
      columns: { quantity: string; item: string; unitPrice: string; amount: string };
      lines: CustomerLine[];
      amounts: CustomerAmount[];
      /** After the sale: the cards sold, one range a line (`A 4–6`). */
      cards: { label: string; ranges: string[] } | null;
    };

/** A translation function (i18next's t, fixed to the display's language). */
export type Translate = (key: string, options?: Record<string, string | number>) => string;

/** The idle view: the hall's name and a welcome. */
export function customerIdleView(hallName: string | undefined, t: Translate): CustomerView {
  return { kind: 'idle', hallName: hallName ?? '', welcome: t('customer.welcome') };
}

/**
 * The display's view of the sale screen's state: the sale made (pristine
 * after it), the sale being typed (a valid quantity of a selling game), or
 * idle. Money in pt-PT (`1 000,00 €`), whatever the cashier's language.
 */
export function customerViewOf(state: CustomerSaleState, t: Translate): CustomerView {
  const hallName = state.hallName ?? '';
  const columns = { quantity: t('customer.quantity'), item: t('customer.item'), unitPrice: t('customer.unitPrice'), amount: t('customer.amount') };
  const line = (quantity: number, gameNumber: number, priceCents: Cents): CustomerLine => ({
    quantity,
    item: t('customer.cards', { number: gameNumber }),
    unitPrice: formatCents(priceCents),
    amount: formatCents(quantity * priceCents),
  });
  const amount = (key: CustomerAmountKey, cents: Cents): CustomerAmount => ({ key, label: t(`customer.${key}`), value: formatCents(cents) });

  const last = state.last;
  if (state.pristine && last !== null && last.quantity > 0) {
    return {
      kind: 'sold',
      hallName,
      heading: t('customer.soldHeading'),
      columns,
      // The answer carries no unit price: the total is quantity × price exactly (integer cents).
      lines: [line(last.quantity, last.gameNumber, last.totalCents / last.quantity)],
      amounts: [amount('total', last.totalCents), amount('tendered', last.tenderedCents), amount('change', last.changeCents)],
      cards: { label: t('customer.cardsSold'), ranges: last.ranges.map(formatRange) },
    };
  }
  const game = state.game;
  if (state.pristine || !game || state.quantity === null) return customerIdleView(hallName, t);
  const totalCents = state.quantity * game.priceCents;
  const amounts = [amount('total', totalCents)];
  if (state.tenderedCents > 0) {
    amounts.push(amount('tendered', state.tenderedCents));
    amounts.push(state.tenderedCents >= totalCents ? amount('change', state.tenderedCents - totalCents) : amount('missing', totalCents - state.tenderedCents));
  }
  return { kind: 'sale', hallName, heading: t('customer.saleHeading'), columns, lines: [line(state.quantity, game.number, game.priceCents)], amounts, cards: null };
}

/** A message on the channel: a view from the sale screen, or a display asking for the current one. */
export type CustomerMessage = { type: 'view'; view: CustomerView } | { type: 'hello' };

const isText = (v: unknown): v is string => typeof v === 'string';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const AMOUNT_KEYS: readonly string[] = ['total', 'tendered', 'change', 'missing'];

/** Whether a view is well formed: the display shows nothing it cannot lay out (the sender is this origin, but checked all the same). */
export function isCustomerView(v: unknown): v is CustomerView {
  if (!isRecord(v) || !isText(v.hallName)) return false;
  if (v.kind === 'idle') return isText(v.welcome);
  if (v.kind !== 'sale' && v.kind !== 'sold') return false;
  const c = v.columns;
  if (!isText(v.heading) || !isRecord(c) || !isText(c.quantity) || !isText(c.item) || !isText(c.unitPrice) || !isText(c.amount)) return false;
  if (!Array.isArray(v.lines) || !v.lines.every((l: unknown) => isRecord(l) && Number.isSafeInteger(l.quantity) && isText(l.item) && isText(l.unitPrice) && isText(l.amount))) return false;
  if (!Array.isArray(v.amounts) || !v.amounts.every((a: unknown) => isRecord(a) && isText(a.key) && AMOUNT_KEYS.includes(a.key) && isText(a.label) && isText(a.value))) return false;
  const cards = v.cards;
  return cards === null || (isRecord(cards) && isText(cards.label) && Array.isArray(cards.ranges) && cards.ranges.every(isText));
}

export function isCustomerMessage(m: unknown): m is CustomerMessage {
  if (!isRecord(m)) return false;
  return m.type === 'hello' || (m.type === 'view' && isCustomerView(m.view));
}
