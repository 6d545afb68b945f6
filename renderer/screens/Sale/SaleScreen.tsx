import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput, GameView, SaleView } from '../../../core/contract.js';
import { answerLost, hallAnswerLost, invoke, newActionKey, type ClientError } from '../../client.js';
import { AmountKeypad } from '../../components/AmountKeypad.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { usePrintState } from '../../components/PrintJobs.js';
import { ReceiptStatus } from '../../components/ReceiptStatus.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { applyKey, digitsToCents, tenderedText } from '../../lib/money.js';
import { formatRanges } from '../../lib/ranges.js';
import { checkSale, parseQuantity, saleViewOf, withNewSale, withVoidedSale } from '../../lib/sale.js';
import { useCustomerDisplay } from '../../lib/useCustomerDisplay.js';
import { ReprintDialog, receiptJobOf } from './Receipt.js';
import { RecentSales } from './RecentSales.js';
import { VoidDialog } from './VoidDialog.js';

type SaleResult = ChannelOutput<'sale.create'> & { gameId: number; gameNumber: number };
type VoidResult = ChannelOutput<'sale.voidLast'>;

// 6: a strip of six cards, sold together (Despacho Normativo 80/85, art. 4.º, n.º 5).
const QUICK_QUANTITIES = [1, 2, 3, 5, 6, 10];
const keepFocus = (e: { preventDefault: () => void }) => e.preventDefault();
/** The most cards a hall may allow per sale (settings), hence the digits the quantity field takes. */
const QUANTITY_DIGITS = 5;

interface Props {
  /** The operator selling (username, as the kiosk records it on the sale). */
  cashier: string;
  terminalId: string;
  /** To the drawer screen, to open this terminal's drawer (no sale without it). */
  onOpenDrawer?: () => void;
}

interface UnknownSale {
  key: string;
  totalCents: number;
  gameId: number;
  gameNumber: number;
}
/**
 * The sale of unknown outcome outlives the screen: a hall started again asks for the PIN, and the sale screen that
 * comes back after it must still say it (and learn the truth). This page's, as the counter's own memory is the counter's.
 */
let unknownSaleOfPage: UnknownSale | null = null;

/** A refusal because the hall could not be reached: the link's banner says that. */
const isHallUnreachable = (e: ClientError | string | null) => e !== null && typeof e !== 'string' && e.code === 'HALL_UNREACHABLE';

/** How many of the game's sales the screen lists. */
const RECENT_SALES = 8;

/** Cashier: sell cards of the selling game, cash only, all day long. */
export function SaleScreen({ cashier, terminalId, onOpenDrawer }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const current = useKioskQuery('session.current', {});
  const settings = useKioskQuery('settings.get', {});
  const game: GameView | undefined = current.data?.games.find((g) => g.state === 'selling');
  const sales = useKioskQuery('sale.list', game ? { gameId: game.id, limit: RECENT_SALES } : null);
  // No cash moves without an open drawer: said before the first key, not after the money is taken.
  const drawer = useKioskQuery('drawer.current', {});
  const noDrawer = drawer.data === null;
  // The header's badge fetches the print jobs and printers; the sale's receipt reads them from it.
  const printing = usePrintState();
  const hasReceiptPrinter = printing.receiptPrinter;

  const [quantityText, setQuantityText] = useState('1');
  const [tendered, setTendered] = useState(0);
  const [pristine, setPristine] = useState(true);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  // The sale's Idempotency-Key while its answer is lost: "Vender" pressed again for the same cards is the same act, never a second sale.
  const lostSale = useRef<{ key: string; input: string } | null>(null);
  // A sale whose request reached the hall and whose answer did not: its outcome is unknown until the hall answers for its key
  // (the counter asks it once the link is back, and link.status says). Meanwhile no sale is offered: it could be a second.
  const [unknownSale, setUnknownSaleState] = useState<UnknownSale | null>(unknownSaleOfPage);
  const setUnknownSale = (next: UnknownSale | null) => {
    unknownSaleOfPage = next;
    setUnknownSaleState(next);
  };
  // What the hall then said of it.
  const [hallSaid, setHallSaid] = useState<'done' | 'not_done' | null>(null);
  const link = useKioskQuery('link.status', {});
  // A counter cut off from the hall sells nothing: the top banner says it (once); "Vender" and "Exato" are off and say why in short.
  const linkDown = link.data?.mode === 'counter' && link.data.link === 'down';
  const [last, setLast] = useState<SaleResult | null>(null);
  const [voiding, setVoiding] = useState(false);
  // The sale the void dialog names, fixed when it opens: a sale made meanwhile elsewhere never takes its place.
  const [voidSale, setVoidSale] = useState<SaleView | null>(null);
  const [voided, setVoided] = useState<VoidResult | null>(null);
  const [reprinting, setReprinting] = useState(false);
  const [reprintNote, setReprintNote] = useState<{ text: string; ok: boolean } | null>(null);
  // Bumped after each sale: the quantity field is focused with its "1" selected once the form shows it.
  const [readyTick, setReadyTick] = useState(0);
  const quantityRef = useRef<HTMLInputElement>(null);
  const tenderedRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const price = game?.priceCents ?? 0;
  const quantity = parseQuantity(quantityText);
  const total = quantity === null ? null : quantity * price;
  const check = checkSale(quantityText, price, tendered);
  const maxPerSale = settings.data?.maxCardsPerSale ?? null;
  const upper = Math.max(1, Math.min(maxPerSale ?? Infinity, game?.cardsAvailable ?? Infinity));
  const overMax = quantity !== null && maxPerSale !== null && quantity > maxPerSale;
  const soldOut = game !== undefined && game.cardsAvailable === 0;
  // Art. 14.5: a game that can no longer be played (another is the last, or the closing time has passed) sells nothing more.
  const notPlayable = game?.unplayable ?? null;
  const overAvailable = quantity !== null && game !== undefined && quantity > game.cardsAvailable;
  useCustomerDisplay({ hallName: settings.data?.hallName, game, quantity, tenderedCents: tendered, pristine, last });

  const touch = () => {
    setPristine(false);
    setError(null);
    setHallSaid(null);
  };
  const setQty = (n: number) => {
    touch();
    setQuantityText(String(Math.max(1, n)).slice(0, QUANTITY_DIGITS));
  };
  const setAmount = (cents: number) => {
    touch();
    setTendered(cents);
  };
  const clearForm = () => {
    setQuantityText('1');
    setTendered(0);
    setError(null);
    setPristine(true);
  };

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
    busyRef.current = true;
    setBusy(true);
    setError(null);
    setVoided(null);
    setReprintNote(null);
    setHallSaid(null);
    if (exact) setTendered(given);
    const input = { gameId: game.id, quantity: c.quantity, payment: { method: 'cash' as const, tenderedCents: given } };
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
      void current.reload();
      return;
    }
    setLast({ ...r.value, gameId: game.id, gameNumber: game.number });
    setQuantityText('1');
    setTendered(0);
    setPristine(true);
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
    setReadyTick((n) => n + 1);
  };

  // The hall's answer for the unknown sale's key, once the counter has it: the sale as it was made (its numbers, its
  // receipt), or not made (a new sale may then be made, under a new key).
  const unknownKey = unknownSale?.key ?? null;
  const settledOutcome = unknownKey !== null && link.data?.mode === 'counter' ? link.data.outcomes?.find((o) => o.key === unknownKey && o.state !== 'unknown') : undefined;
  useEffect(() => {
    if (!unknownSale || !settledOutcome) return;
    lostSale.current = null;
    setUnknownSale(null);
    const made =
      settledOutcome.state === 'done' && settledOutcome.channel === 'sale.create' ? (settledOutcome.value as ChannelOutput<'sale.create'> | null | undefined) : null;
    // Made, with its answer: the sale's own panel says it (its numbers, its receipt), as the sale would have.
    setHallSaid(settledOutcome.state !== 'done' ? 'not_done' : made ? null : 'done');
    if (settledOutcome.state !== 'done') return;
    if (made) {
      setLast({ ...made, gameId: unknownSale.gameId, gameNumber: unknownSale.gameNumber });
      setQuantityText('1');
      setTendered(0);
      setPristine(true);
    }
    void sales.reload();
  }, [settledOutcome, unknownSale, sales]);

  // The link down: the banner says it from now on, not a refusal of a sale tried just before.
  useEffect(() => {
    if (linkDown) setError((e) => (isHallUnreachable(e) ? null : e));
  }, [linkDown]);

  // After a sale: the next quantity is typed over the "1" (selected once React has put it in the field).
  useEffect(() => {
    if (readyTick === 0) return;
    quantityRef.current?.focus();
    quantityRef.current?.select();
  }, [readyTick]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void sell();
  };

  // Enter sells and Escape clears even when nothing has the focus.
  const sellRef = useRef(sell);
  const clearRef = useRef(clearForm);
  const typeDigit = (d: string, where: 'tendered' | 'auto') => {
    const field = where === 'auto' && pristine ? 'quantity' : 'tendered';
    if (field === 'quantity') {
      // As typed into the field with its "1" selected: the digit replaces it, the next ones follow.
      touch();
      setQuantityText(d === '0' ? '' : d);
      quantityRef.current?.focus();
      requestAnimationFrame(() => {
        const el = quantityRef.current;
        if (el) el.setSelectionRange(el.value.length, el.value.length);
      });
    } else {
      setAmount(applyKey(tendered, d));
      tenderedRef.current?.focus();
    }
  };
  const digitRef = useRef(typeDigit);
  useEffect(() => {
    sellRef.current = sell;
    clearRef.current = clearForm;
    digitRef.current = typeDigit;
  });
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (voiding || reprinting || e.defaultPrevented) return;
      const target = e.target as HTMLElement | null;
      const free = !target || target === document.body || target === document.documentElement;
      if (e.key === 'Escape' && (free || formRef.current?.contains(target))) {
        clearRef.current();
      } else if (e.key === 'Enter' && free) {
        e.preventDefault();
        void sellRef.current();
      } else if (/^\d$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey && (free || (target instanceof HTMLButtonElement && formRef.current?.contains(target)))) {
        // A digit on a key (a quick amount, "Vender") goes to the amount; on nothing, to the field the sale is at.
        e.preventDefault();
        digitRef.current(e.key, free ? 'auto' : 'tendered');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [voiding, reprinting]);

  // A new game: what was shown belongs to the previous one.
  const gameId = game?.id ?? null;
  useEffect(() => {
    setVoided(null);
    setError(null);
    setReprintNote(null);
    setHallSaid(null);
  }, [gameId]);

  const onTenderedKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (/^\d$/.test(e.key)) {
      e.preventDefault();
      setAmount(applyKey(tendered, e.key));
    } else if (e.key === 'Backspace') {
      e.preventDefault();
      setAmount(applyKey(tendered, 'backspace'));
    } else if (e.key === 'Delete') {
      e.preventDefault();
      setAmount(0);
    }
  };

  const onQuantityKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowUp' || e.key === '+') {
      e.preventDefault();
      setQty(Math.min(upper, (quantity ?? 0) + 1));
    } else if (e.key === 'ArrowDown' || e.key === '-') {
      e.preventDefault();
      setQty((quantity ?? 2) - 1);
    }
  };

  // This terminal's latest sale that stands: the receipt "2.ª via do recibo" prints again.
  const mySale = sales.data?.find((s) => s.terminalId === terminalId && !s.voided) ?? null;
  const mySaleJob = mySale ? receiptJobOf(printing.jobs, mySale.saleId) : undefined;
  const openReprint = () => {
    setError(null);
    if (!mySale) setReprintNote({ text: t('sale.reprintNoSale'), ok: false });
    else if (!mySaleJob) setReprintNote({ text: t('sale.reprintNoReceipt', { id: mySale.saleId }), ok: false });
    else {
      setReprintNote(null);
      setReprinting(true);
    }
  };
  // A sale refused because the game sold out meanwhile: the sold-out notice says it in words that fit; the hall out of
  // reach, the banner (each fault said once, in one place).
  const shownError = (soldOut && error !== null && typeof error !== 'string' && error.code === 'NOT_ENOUGH_CARDS') || (linkDown && isHallUnreachable(error)) ? null : error;
  const loadError = linkDown ? null : current.error;
  // Why "Vender" is off, when it is (the element its aria-describedby names).
  const blockedBy = unknownSale ? 'sale-unknown' : linkDown ? 'sale-link-down' : noDrawer ? 'sale-no-drawer' : soldOut ? 'sale-sold-out' : notPlayable ? 'sale-not-playable' : undefined;

  const showLastChange = pristine && last !== null;
  const changeText = showLastChange ? f.money(last.changeCents) : check.ok && tendered > 0 ? f.money(check.changeCents) : '—';

  const lastBlock = last ? (
    <section className={`panel sale-result-panel${pristine ? ' fresh' : ''}`} aria-labelledby="sale-result-title" role="status">
      <h2 id="sale-result-title">{t('sale.lastTitle', { id: last.saleId, number: last.gameNumber })}</h2>
      <p className="sale-result" data-testid="sale-result">
        {formatRanges(last.ranges)}
      </p>
      <p className="sale-result-line">
        {t('sale.lastLine', { count: last.quantity, total: f.money(last.totalCents), tendered: f.money(last.tenderedCents), change: f.money(last.changeCents) })}
      </p>
      <ReceiptStatus key={last.saleId} job={receiptJobOf(printing.jobs, last.saleId)} hasPrinter={hasReceiptPrinter} testId="sale-receipt" />
    </section>
  ) : null;

  // A sale of unknown outcome, or what the hall then said of it (a sale made with its numbers is the last sale's panel).
  const outcomeBlock = unknownSale ? (
    <div id="sale-unknown" className="alert alert-warn" role="status" data-testid="sale-unknown">
      <strong>{t('sale.outcomeUnknownTitle', { total: f.money(unknownSale.totalCents) })}</strong> {t('sale.outcomeUnknown')}
    </div>
  ) : hallSaid ? (
    <p className="notice" role="status" data-testid="sale-outcome">
      {t(hallSaid === 'done' ? 'sale.outcomeDone' : 'sale.outcomeNotDone')}
    </p>
  ) : null;

  const voidBlock = voided ? (
    <p className="notice" role="status" data-testid="void-result">
      {t('void.done', { id: voided.saleId, ranges: formatRanges(voided.ranges), refund: f.money(voided.refundCents) })}
    </p>
  ) : null;

  if (!game) {
    const noSession = current.data !== undefined && current.data.session === null;
    return (
      <main className="screen sale-screen" aria-labelledby="sale-title">
        <h1 id="sale-title" className="visually-hidden">{t('sale.screenTitle')}</h1>
        {current.error ? <ErrorAlert error={current.error} /> : null}
        {current.data === undefined ? (
          current.loading ? <p className="loading">{t('common.loading')}</p> : null
        ) : (
          <section className="panel no-game" data-testid="no-game">
            <p className="big-message">{t('sale.noGame')}</p>
            <p className="hint">{noSession ? t('sale.noSession') : t('sale.noGameHint')}</p>
          </section>
        )}
        {voidBlock}
        {lastBlock}
      </main>
    );
  }

  return (
    <main className="screen sale-screen" aria-labelledby="sale-title">
      <h1 id="sale-title" className="visually-hidden">{t('sale.screenTitle')}</h1>
      <section className="game-strip" aria-label={t('sale.gameInfo')}>
        <div className="strip-item">
          <span className="strip-label">{t('sale.game')}</span>
          <span className="strip-value" data-testid="sale-game-number">
            {t('sale.gameNumber', { number: game.number })}
            {game.isLast ? <span className="badge badge-last">{t('draw.lastGame')}</span> : null}
          </span>
        </div>
        <div className="strip-item">
          <span className="strip-label">{t('sale.price')}</span>
          <span className="strip-value" data-testid="sale-price">{f.money(game.priceCents)}</span>
        </div>
        <div className="strip-item">
          <span className="strip-label">{t('sale.series')}</span>
          <span className="strip-value">
            {game.firstSeries.code}
            {game.secondSeries ? ` + ${game.secondSeries.code}` : ''}
          </span>
        </div>
        <div className="strip-item strip-next">
          <span className="strip-label">{t('sale.nextCard')}</span>
          <span className="strip-value" data-testid="next-card">
            {game.nextCard ? `${game.nextCard.seriesCode} ${game.nextCard.number}` : t('sale.soldOut')}
          </span>
        </div>
        <div className="strip-item">
          <span className="strip-label">{t('sale.available')}</span>
          <span className="strip-value" data-testid="cards-available">{game.cardsAvailable}</span>
        </div>
      </section>

      <form ref={formRef} className="sale-grid" onSubmit={submit} aria-label={t('sale.formLabel')} noValidate>
        <div className="sale-left panel">
          <div className="field-block">
            <label htmlFor="sale-quantity" className="field-label">{t('sale.quantity')}</label>
            <div className="stepper">
              <button
                type="button"
                className="key key-step"
                data-testid="qty-minus"
                tabIndex={-1}
                onMouseDown={keepFocus}
                onClick={() => setQty((quantity ?? 2) - 1)}
                aria-label={t('sale.less')}
                disabled={busy || soldOut}
              >
                −
              </button>
              <input
                ref={quantityRef}
                id="sale-quantity"
                data-testid="sale-quantity"
                className="qty-input"
                inputMode="numeric"
                autoComplete="off"
                value={quantityText}
                maxLength={QUANTITY_DIGITS}
                onChange={(e) => {
                  touch();
                  setQuantityText(e.target.value.replace(/\D/g, '').slice(0, QUANTITY_DIGITS));
                }}
                onKeyDown={onQuantityKey}
                onFocus={(e) => e.target.select()}
                aria-describedby="sale-quantity-hint"
                autoFocus
              />
              <button
                type="button"
                className="key key-step"
                data-testid="qty-plus"
                tabIndex={-1}
                onMouseDown={keepFocus}
                onClick={() => setQty(Math.min(upper, (quantity ?? 0) + 1))}
                aria-label={t('sale.more')}
                disabled={busy || soldOut}
              >
                +
              </button>
              {/* Touch keys, out of the Tab order (as the keypad's digits): Tab goes from the quantity to the amount tendered, and a digit typed is never lost on a key. */}
              <div className="quick-qty" role="group" aria-label={t('sale.quickQuantities')}>
                {QUICK_QUANTITIES.map((n) => (
                  <button
                    key={n}
                    type="button"
                    className={`key key-quick${quantity === n ? ' active' : ''}`}
                    data-testid={`qty-${n}`}
                    tabIndex={-1}
                    onMouseDown={keepFocus}
                    onClick={() => setQty(n)}
                    aria-pressed={quantity === n}
                    disabled={busy || soldOut}
                  >
                    {n}
                  </button>
                ))}
              </div>
            </div>
            <p id="sale-quantity-hint" className={overAvailable || overMax ? 'hint hint-warn' : 'hint'} data-testid="sale-quantity-hint">
              {/* Sold out: said here, once, under the quantity ("Vender" points to it). */}
              {soldOut ? (
                <span id="sale-sold-out" data-testid="sale-sold-out">
                  {t('sale.soldOutReason')}
                </span>
              ) : overAvailable && (maxPerSale === null || game.cardsAvailable <= maxPerSale) ? (
                t('sale.onlyLeft', { count: game.cardsAvailable })
              ) : maxPerSale !== null ? (
                t('sale.maxHint', { count: maxPerSale })
              ) : (
                ''
              )}
            </p>
          </div>

          <div className="total-row">
            <span className="field-label">{t('sale.total')}</span>
            <output className="total" data-testid="sale-total" aria-live="polite">
              {total === null ? '—' : f.money(total)}
            </output>
          </div>

          <div className="field-block">
            <div className="label-row">
              <label htmlFor="sale-tendered" className="field-label">{t('sale.tendered')}</label>
              {/* The rule of the field, on screen: typing 20 means 0,20 €. */}
              <span id="sale-tendered-hint" className="hint label-hint" data-testid="sale-tendered-hint">
                {t('sale.tenderedHint')}
              </span>
            </div>
            <input
              ref={tenderedRef}
              id="sale-tendered"
              data-testid="sale-tendered"
              className="amount-input"
              inputMode="numeric"
              autoComplete="off"
              placeholder={f.money(0)}
              value={tenderedText(tendered)}
              onKeyDown={onTenderedKey}
              onChange={(e) => setAmount(digitsToCents(e.target.value))}
              aria-describedby="sale-tendered-hint"
            />
            <AmountKeypad
              onKey={(k) => setAmount(applyKey(tendered, k))}
              onSet={setAmount}
              exactCents={total}
              disabled={busy}
            />
          </div>
        </div>

        <div className="sale-right">
          <div className={`change-box${!check.ok && check.reason === 'tendered' && tendered > 0 && !showLastChange ? ' short' : ''}`}>
            <span className="field-label">{showLastChange ? t('sale.changeLast') : t('sale.change')}</span>
            <output className="change" data-testid="sale-change" aria-live="polite">
              {changeText}
            </output>
            {!showLastChange && !check.ok && check.reason === 'tendered' && tendered > 0 ? (
              <span className="short-by" data-testid="sale-missing">{t('sale.missing', { amount: f.money(check.missingCents) })}</span>
            ) : null}
          </div>
          <div className="sell-row">
            <button
              type="submit"
              className={`btn btn-sell${soldOut ? ' sold-out' : ''}`}
              data-testid="sale-submit"
              disabled={busy || soldOut || notPlayable !== null || noDrawer || unknownSale !== null || linkDown}
              aria-describedby={blockedBy}
            >
              {busy ? t('sale.selling') : t('sale.sell')}
              {linkDown ? (
                <span id="sale-link-down" className="btn-sub sell-reason" data-testid="sale-link-down">
                  {t('sale.linkDown')}
                </span>
              ) : (
                <span className="btn-sub">{total !== null && !soldOut ? f.money(total) : ''}</span>
              )}
            </button>
            <button
              type="button"
              className="btn btn-sell-exact"
              data-testid="sale-exact"
              disabled={busy || soldOut || notPlayable !== null || noDrawer || total === null || unknownSale !== null || linkDown}
              aria-describedby={blockedBy}
              onClick={() => void sell(true)}
            >
              {t('sale.sellExact')}
              <span className="btn-sub">{t('sale.sellExactSub')}</span>
            </button>
          </div>
          {/* One region of fixed height under "Vender" for what the sale has to say (why it cannot sell, a refusal, the
              last sale): whatever it holds, the keys, "Vender" and "Anular última venda" stay where they are. */}
          <div className="sale-slot" data-testid="sale-slot">
            {noDrawer ? (
              <div id="sale-no-drawer" className="alert no-drawer-notice" role="status" data-testid="sale-no-drawer">
                <span>{t('sale.noDrawer')}</span>
                {onOpenDrawer ? (
                  <button type="button" className="btn btn-small" data-testid="sale-open-drawer" onClick={onOpenDrawer}>
                    {t('sale.openDrawer')}
                  </button>
                ) : null}
              </div>
            ) : null}
            {notPlayable && !soldOut ? (
              <p id="sale-not-playable" className="alert" role="status" data-testid="sale-not-playable">
                {t(notPlayable.reason === 'closing_time_passed' ? 'sale.afterClosingTime' : 'sale.notPlayable', { number: game?.number })}
              </p>
            ) : null}
            {/* One of these at a time, the latest first: each is in the last sale's place, which it makes stale. */}
            {outcomeBlock ??
              (shownError ? (
                <ErrorAlert error={shownError} testId="sale-error" />
              ) : loadError ? (
                <ErrorAlert error={loadError} testId="load-error" />
              ) : (
                (voidBlock ?? lastBlock)
              ))}
          </div>
          <RecentSales
            sales={sales.data ?? []}
            error={linkDown ? null : sales.error}
            onVoid={() => {
              setError(null);
              setVoidSale(sales.data?.[0] ?? null);
              setVoiding(true);
            }}
            onReprint={openReprint}
            reprintNote={reprintNote}
          />
        </div>
      </form>

      {voiding ? (
        <VoidDialog
          gameId={game.id}
          gameNumber={game.number}
          sale={voidSale}
          onClose={() => setVoiding(false)}
          onVoided={(r) => {
            setVoiding(false);
            setVoided(r);
            if (last && last.saleId === r.saleId) setLast(null);
            sales.apply('sale.voidLast', (list) => withVoidedSale(list, r.saleId));
          }}
        />
      ) : null}
      {reprinting && mySale && mySaleJob ? (
        <ReprintDialog
          sale={mySale}
          job={mySaleJob}
          onClose={() => setReprinting(false)}
          onDone={() => {
            setReprinting(false);
            setReprintNote({ text: t('sale.reprintDone', { id: mySale.saleId }), ok: true });
          }}
        />
      ) : null}
    </main>
  );
}
