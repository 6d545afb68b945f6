import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameView, SaleView } from '../../../core/contract.js';
import type { ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { checkSale, parseQuantity, withVoidedSale } from '../../lib/sale.js';
import { useCustomerDisplay } from '../../lib/useCustomerDisplay.js';
import { ChangeBox } from './ChangeBox.js';
import { GameStrip } from './GameStrip.js';
import { LastSale } from './LastSale.js';
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
import { RECENT_SALES, useSell } from './useSell.js';
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
  // What the hall said of a sale of unknown outcome.
  const [hallSaid, setHallSaid] = useState<'done' | 'not_done' | null>(null);
  const link = useKioskQuery('link.status', {});
  // A counter cut off from the hall sells nothing: the top banner says it (once); "Vender" and "Exato" are off and say why in short.
  const linkDown = link.data?.mode === 'counter' && link.data.link === 'down';
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
      setVoided(null);
      reprint.setReprintNote(null);
    },
  });

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
  // What the slot says (SaleSlot): a game no longer played before a closed drawer, which it makes moot.
  const blockedBy = unknownSale ? 'sale-unknown' : linkDown ? 'sale-link-down' : notPlayable && !soldOut ? 'sale-not-playable' : noDrawer ? 'sale-no-drawer' : soldOut ? 'sale-sold-out' : undefined;

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
