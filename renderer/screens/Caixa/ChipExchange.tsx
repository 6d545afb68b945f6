import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { useOffline } from '../../components/LinkBanner.js';
import { ReasonPicker } from '../../components/ReasonPicker.js';
import { PayeeRow } from '../../components/Payee.js';
import { ChipKeys } from './Chips/ChipKeys.js';
import { ChipSide } from './Chips/ChipSide.js';
import { RedeemCheque, SaleTender } from './Chips/ChipTender.js';
import { useChipExchange, type ChipExchangeState } from './Chips/useChipExchange.js';

/** The act keyed, confirmed: its chips and amount said, and for a fill or a credit its reason chosen. */
function ChipDialog({ x }: { x: ChipExchangeState }) {
  const { t } = useTranslation();
  const kind = x.kind;
  const asks = (kind === 'sell' || kind === 'redeem') && x.needsPayee && x.payee === null;
  const { setIdentifying } = x;
  // The rule asks for the player first (Lei n.º 83/2017, art. 76.º): the identification opens over the confirmation,
  // once it is shown (an effect of this parent runs after its dialog's own).
  useEffect(() => {
    if (asks) setIdentifying(true);
  }, [kind, asks, setIdentifying]);
  if (!kind) return null;
  return (
    <ConfirmDialog
      title={t(`chips.confirm${kind[0]!.toUpperCase()}${kind.slice(1)}Title`)}
      confirmLabel={t(kind === 'fill' || kind === 'credit' ? `chips.${kind}Confirm` : `chips.${kind}`)}
      testId="chips-dialog"
      confirmTestId="chips-confirm"
      blocked={x.blocked}
      onConfirm={() => x.submit(kind)}
      onDone={x.finish}
      onClose={x.close}
    >
      <p>{x.confirmText}</p>
      {kind === 'fill' || kind === 'credit' ? (
        <ReasonPicker act={`chips.${kind}`} label={t('chips.reason')} value={x.reason} onChange={x.setReason} testId="chips-reason" />
      ) : (
        <>
          {kind === 'sell' ? <SaleTender x={x} /> : <RedeemCheque x={x} />}
          <PayeeRow
          payee={x.payee}
          needed={x.needsPayee}
          neededText={t('identify.neededThreshold')}
          chosenKey="identify.chosenPlayer"
          open={x.identifying}
          setOpen={x.setIdentifying}
          onChoose={x.setPayee}
          />
        </>
      )}
    </ConfirmDialog>
  );
}

/**
 * Face-value chips for cash and back (IX.7-8): a key per chip value adds one
 * chip; the total, and for a sale what was handed over and the change. Colour
 * chips are never taken here: they are exchanged at their table. The same
 * keys record the chips brought from the vault (fill) or sent back (credit).
 * Each key shows its count on itself, with its "−" in a slot of its own that
 * is always there: adding or taking a chip never moves a key. Without a
 * drawer of one's own (`noDrawer`, said by `notice`) no act can succeed, so
 * none is offered.
 */
export function ChipExchange({ notice = null, noDrawer = false }: { notice?: ReactNode; noDrawer?: boolean }) {
  const { t } = useTranslation();
  // No act without a drawer of one's own (said by the notice); none either while the link to the hall is down (said by the banner).
  const offline = useOffline();
  const shut: { disabled?: true; 'aria-describedby'?: string } = noDrawer ? { disabled: true, 'aria-describedby': 'caixa-no-drawer' } : offline;
  const x = useChipExchange();
  return (
    <section className="panel chip-exchange" aria-labelledby="chips-title">
      <h2 id="chips-title">{t('chips.title')}</h2>
      {notice ?? <p className="hint">{t('chips.hint')}</p>}
      {/* The keys on the left, the total, the change and the acts beside them: the exchange fits a 768 px screen. */}
      <div className="chip-exchange-body">
        <ChipKeys counts={x.counts} add={x.add} />
        <ChipSide x={x} noDrawer={noDrawer} shut={shut} />
      </div>
      <ChipDialog x={x} />
    </section>
  );
}
