import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput, GameView, SaleView } from '../../../core/contract.js';
import { answerLost, hallAnswerLost, invoke, newActionKey, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { checkSale, parseQuantity, saleViewOf, withNewSale, withVoidedSale } from '../../lib/sale.js';
import { useCustomerDisplay } from '../../lib/useCustomerDisplay.js';
import { ChangeBox } from './ChangeBox.js';
import { GameStrip } from './GameStrip.js';
import { LastSale, type SaleResult } from './LastSale.js';
import { NoGame } from './NoGame.js';
import { QuantityField } from './QuantityField.js';
import { ReprintDialog } from './Receipt.js';
import { RecentSales } from './RecentSales.js';
import { SaleSlot } from './SaleSlot.js';
import { SellKeys } from './SellKeys.js';
import { TenderedField } from './TenderedField.js';
import { useReprint } from './useReprint.js';
import { useSaleForm } from './useSaleForm.js';
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
  const reprint = useReprint(sales.data, terminalId);
  const form = useSaleForm(() => {
    setError(null);
    setHallSaid(null);
  });
  const { quantityText, tendered, pristine, quantityRef, tenderedRef } = form;
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
      form.reset();
    }
    void sales.reload();
  });

  const clearForm = () => {
    form.reset();
    setError(null);
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
    reprint.setReprintNote(null);
    setHallSaid(null);
    if (exact) form.setTendered(given);
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

  // The link down: the banner says it from now on, not a refusal of a sale tried just before.
  useEffect(() => {
    if (linkDown) setError((e) => (isHallUnreachable(e) ? null : e));
  }, [linkDown]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void sell();
  };

  useSaleKeys({ formRef, paused: voiding || reprint.reprinting, sell, clear: clearForm, typeDigit: form.typeDigit });

  // A new game: what was shown belongs to the previous one.
  const gameId = game?.id ?? null;
  useEffect(() => {
    setVoided(null);
    setError(null);
    reprint.setReprintNote(null);
    setHallSaid(null);
  }, [gameId]);

  // This terminal's latest sale that stands: the receipt "2.ª via do recibo" prints again.
  const { mySale, mySaleJob } = reprint;
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
            onText={form.typeQuantity}
            onQuantity={form.setQty}
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

          <TenderedField inputRef={tenderedRef} tendered={tendered} onAmount={form.setAmount} totalCents={total} disabled={busy} />
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
            onReprint={() => {
              setError(null);
              reprint.open();
            }}
            reprintNote={reprint.reprintNote}
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
      {reprint.reprinting && mySale && mySaleJob ? (
        <ReprintDialog sale={mySale} job={mySaleJob} onClose={() => reprint.setReprinting(false)} onDone={() => reprint.done(mySale.saleId)} />
      ) : null}
    </main>
  );
}
