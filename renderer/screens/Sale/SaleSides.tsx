import { useTranslation } from 'react-i18next';
import type { GameView } from '../../../core/contract.js';
import { useFormat } from '../../format.js';
import { ChangeBox } from './ChangeBox.js';
import { QuantityField } from './QuantityField.js';
import { RecentSales } from './RecentSales.js';
import { SaleSlot } from './SaleSlot.js';
import { SellKeys } from './SellKeys.js';
import { TenderedField } from './TenderedField.js';
import type { SaleScreenState } from './useSaleScreen.js';
import { PayeeRow } from '../../components/Payee.js';

/** The form's left side: the quantity, the total, the amount tendered. */
export function SaleLeft({ s, game }: { s: SaleScreenState; game: GameView }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { form, busy } = s;
  const { quantity, total, soldOut, maxPerSale, overAvailable, overMax, upper } = s.figures;
  return (
    <div className="sale-left panel">
      <QuantityField
        inputRef={form.quantityRef}
        text={form.quantityText}
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

      <TenderedField inputRef={form.tenderedRef} tendered={form.tendered} onAmount={form.setAmount} totalCents={total} disabled={busy} />
    </div>
  );
}

/** The form's right side: the change, "Vender" and "Exato", the slot that says what happened, the recent sales. */
export function SaleRight({ s, game, onOpenDrawer }: { s: SaleScreenState; game: GameView; onOpenDrawer?: () => void }) {
  const { busy, last, linkDown, noDrawer, unknownSale, sales, reprint } = s;
  const { pristine, tendered } = s.form;
  const { check, soldOut, notPlayable, total } = s.figures;
  const { t } = useTranslation();
  return (
    <div className="sale-right">
      <ChangeBox check={check} tendered={tendered} lastChangeCents={pristine && last !== null ? last.changeCents : null} />
      <SellKeys
        off={busy || soldOut || notPlayable !== null || noDrawer || unknownSale !== null || linkDown}
        busy={busy}
        soldOut={soldOut}
        linkDown={linkDown}
        totalCents={total}
        blockedBy={s.blockedBy}
        onExact={() => void s.sell(true)}
      />
      {/* Where the hall identifies its players at the purchase of cards (Lei n.º 83/2017, art. 76.º, n.º 5): the sale's player. */}
      {s.players.needed ? (
        <PayeeRow
          payee={s.players.player}
          needed
          neededText={t('sale.playerNeeded')}
          chosenKey="identify.chosenPlayer"
          open={s.players.identifying}
          setOpen={s.players.setIdentifying}
          onChoose={s.players.setPlayer}
        />
      ) : null}
      <SaleSlot
        game={game}
        noDrawer={noDrawer}
        onOpenDrawer={onOpenDrawer}
        soldOut={soldOut}
        unknownSale={unknownSale}
        hallSaid={s.hallSaid}
        shownError={s.shownError}
        loadError={s.loadError}
        voided={s.voids.voided}
        last={last}
        pristine={pristine}
      />
      <RecentSales
        sales={sales.data ?? []}
        error={linkDown ? null : sales.error}
        onVoid={() => {
          s.setError(null);
          s.voids.open(sales.data?.[0] ?? null);
        }}
        onReprint={() => {
          s.setError(null);
          reprint.open();
        }}
        reprintNote={reprint.reprintNote}
      />
    </div>
  );
}
