import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput, GameView, SaleView } from '../../../core/contract.js';
import { answerLost, hallAnswerLost, invoke, newActionKey, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { usePrintState } from '../../components/PrintJobs.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { applyKey } from '../../lib/money.js';
import { checkSale, parseQuantity, saleViewOf, withNewSale, withVoidedSale } from '../../lib/sale.js';
import { useCustomerDisplay } from '../../lib/useCustomerDisplay.js';
import { ChangeBox } from './ChangeBox.js';
import { GameStrip } from './GameStrip.js';
import { LastSale, type SaleResult } from './LastSale.js';
import { NoGame } from './NoGame.js';
import { QUANTITY_DIGITS, QuantityField } from './QuantityField.js';
import { ReprintDialog, receiptJobOf } from './Receipt.js';
import { RecentSales } from './RecentSales.js';
import { SaleSlot } from './SaleSlot.js';
import { SellKeys } from './SellKeys.js';
import { TenderedField } from './TenderedField.js';
import { useSaleKeys } from './useSaleKeys.js';
import { useUnknownSale } from './useUnknownSale.js';
import { VoidDialog } from './VoidDialog.js';
import { VoidNotice, type VoidResult } from './VoidNotice.js';

interface Props {
  /** The operator selling (username, as the kiosk records it on the sale). */
  cashier: string;
  terminalId: string;
  /** To the drawer screen, to open this terminal's drawer (no sale without it). */
  onOpenDrawer?: () => void;
}

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
  // The header's badge fetches the print jobs and printers; the reprint reads them from it.
  const printing = usePrintState();

  const [quantityText, setQuantityText] = useState('1');
  const [tendered, setTendered] = useState(0);
  const [pristine, setPristine] = useState(true);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  // The sale's Idempotency-Key while its answer is lost: "Vender" pressed again for the same cards is the same act, never a second sale.
  const lostSale = useRef<{ key: string; input: string } | null>(null);
  // What the hall said of a sale of unknown outcome.
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

  // A sale of unknown outcome, once the hall has answered for its key. Made, with its answer: the sale's own panel says
  // it (its numbers, its receipt), as the sale would have; not made: a new sale may be made, under a new key.
  const { unknownSale, setUnknownSale } = useUnknownSale(link.data, (outcome, sale) => {
    lostSale.current = null;
    const made = outcome.state === 'done' && outcome.channel === 'sale.create' ? (outcome.value as ChannelOutput<'sale.create'> | null | undefined) : null;
    setHallSaid(outcome.state !== 'done' ? 'not_done' : made ? null : 'done');
    if (outcome.state !== 'done') return;
    if (made) {
      setLast({ ...made, gameId: sale.gameId, gameNumber: sale.gameNumber });
      setQuantityText('1');
      setTendered(0);
      setPristine(true);
    }
    void sales.reload();
  });

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
  useSaleKeys({ formRef, paused: voiding || reprinting, sell, clear: clearForm, typeDigit });

  // A new game: what was shown belongs to the previous one.
  const gameId = game?.id ?? null;
  useEffect(() => {
    setVoided(null);
    setError(null);
    setReprintNote(null);
    setHallSaid(null);
  }, [gameId]);

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

  if (!game) {
    const noSession = current.data !== undefined && current.data.session === null;
    return (
      <main className="screen sale-screen" aria-labelledby="sale-title">
        <h1 id="sale-title" className="visually-hidden">{t('sale.screenTitle')}</h1>
        {current.error ? <ErrorAlert error={current.error} /> : null}
        {current.data === undefined ? (current.loading ? <p className="loading">{t('common.loading')}</p> : null) : <NoGame noSession={noSession} />}
        {voided ? <VoidNotice voided={voided} /> : null}
        {last ? <LastSale last={last} fresh={pristine} /> : null}
      </main>
    );
  }

  return (
    <main className="screen sale-screen" aria-labelledby="sale-title">
      <h1 id="sale-title" className="visually-hidden">{t('sale.screenTitle')}</h1>
      <GameStrip game={game} />

      <form ref={formRef} className="sale-grid" onSubmit={submit} aria-label={t('sale.formLabel')} noValidate>
        <div className="sale-left panel">
          <QuantityField
            inputRef={quantityRef}
            text={quantityText}
            quantity={quantity}
            onText={(text) => {
              touch();
              setQuantityText(text);
            }}
            onQuantity={setQty}
            upper={upper}
            disabled={busy || soldOut}
            soldOut={soldOut}
            warn={overAvailable || overMax}
            onlyLeft={overAvailable && (maxPerSale === null || game.cardsAvailable <= maxPerSale) ? game.cardsAvailable : null}
            maxPerSale={maxPerSale}
          />

          <div className="total-row">
            <span className="field-label">{t('sale.total')}</span>
            <output className="total" data-testid="sale-total" aria-live="polite">
              {total === null ? '—' : f.money(total)}
            </output>
          </div>

          <TenderedField inputRef={tenderedRef} tendered={tendered} onAmount={setAmount} totalCents={total} disabled={busy} />
        </div>

        <div className="sale-right">
          <ChangeBox check={check} tendered={tendered} lastChangeCents={pristine && last !== null ? last.changeCents : null} />
          <SellKeys
            off={busy || soldOut || notPlayable !== null || noDrawer || unknownSale !== null || linkDown}
            busy={busy}
            soldOut={soldOut}
            linkDown={linkDown}
            totalCents={total}
            blockedBy={blockedBy}
            onExact={() => void sell(true)}
          />
          <SaleSlot
            game={game}
            noDrawer={noDrawer}
            onOpenDrawer={onOpenDrawer}
            soldOut={soldOut}
            unknownSale={unknownSale}
            hallSaid={hallSaid}
            shownError={shownError}
            loadError={loadError}
            voided={voided}
            last={last}
            pristine={pristine}
          />
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
