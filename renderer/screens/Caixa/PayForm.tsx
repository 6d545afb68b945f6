import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { guiaNeedsApproval } from '../../../core/caixa/rules.js';
import { invoke } from '../../client.js';
import { ApprovalDialog, type Approval } from '../../components/ApprovalDialog.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { useOffline } from '../../components/LinkBanner.js';
import { usePrintState } from '../../components/PrintJobs.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { checkGuiaSplit, defaultCashCents, type ChequeFields, type DrawerCash } from '../../lib/guia.js';
import { euroFieldText } from '../../lib/money.js';
import { asksIdentification, IdentifyDialog, PayeeRow, type Person } from '../../components/Payee.js';

/** The guia as the desk found it (GuiaDesk.tsx names it the same; declared here so the form imports nothing of the desk). */
type Guia = ChannelOutput<'guia.find'>;

type Paid = ChannelOutput<'guia.pay'>;

const emptyCheque = (): ChequeFields => ({ amount: '', number: '', bank: '' });

/**
 * The payment's state and acts: the cash and cheques typed, their split
 * checked against the amount, the payment said in words, and whether a
 * manager must approve it.
 */
function usePayment(guia: Guia, drawer: DrawerCash) {
  const { t } = useTranslation();
  const f = useFormat();
  const settings = useKioskQuery('settings.get', {});
  const printing = usePrintState();
  const [cash, setCash] = useState(() => euroFieldText(defaultCashCents(guia.amountCents, drawer)));
  const [cheques, setCheques] = useState<ChequeFields[]>(() => (defaultCashCents(guia.amountCents, drawer) < guia.amountCents ? [emptyCheque()] : []));
  const [confirming, setConfirming] = useState(false);
  const [approving, setApproving] = useState(false);
  // The player the payment is made to (Lei n.º 83/2017, art. 76.º): asked for with any cheque, and from the hall's threshold.
  const [payee, setPayee] = useState<Person | null>(null);
  const [identifying, setIdentifying] = useState(false);
  // Said by the kiosk when it refused for want of the player (a threshold the screen did not know, an erased record):
  // the dialog closes and the identification opens with its words; nothing was paid.
  const [asked, setAsked] = useState<string | null>(null);
  const split = checkGuiaSplit(guia.amountCents, drawer === null ? '' : cash, cheques, drawer);
  // Over the hall's limit the payment needs a manager's approval (n.º 13): asked for at once, never offered otherwise.
  const threshold = settings.data?.guiaApprovalThresholdCents ?? null;
  const needsApproval = guiaNeedsApproval(guia.amountCents, threshold);
  const identifyFrom = settings.data?.identificationThresholdCents ?? null;
  const needsPayee = cheques.length > 0 || (identifyFrom !== null && guia.amountCents >= identifyFrom);
  const setCheque = (i: number, patch: Partial<ChequeFields>) => setCheques(cheques.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const addCheque = () => setCheques([...cheques, emptyCheque()]);
  const removeCheque = (i: number) => setCheques(cheques.filter((_, j) => j !== i));
  const pay = async (approval?: Approval) => {
    if (!split.ok) throw new Error('split');
    const r = await invoke('guia.pay', { guiaId: guia.guiaId, cashCents: split.cashCents, cheques: split.cheques, ...(approval ? { approval } : {}), ...(payee ? { personId: payee.personId } : {}) });
    if (!r.ok && asksIdentification(r.error.code, payee !== null)) {
      setConfirming(false);
      setApproving(false);
      setPayee(null);
      setAsked(r.error.message);
    }
    return r;
  };
  const summary = split.ok
    ? t('caixa.payConfirmText', {
        number: guia.number,
        amount: f.money(guia.amountCents),
        cash: f.money(split.cashCents),
        cheques: split.cheques.map((c) => t('caixa.chequeSummary', { amount: f.money(c.amountCents), number: c.number, bank: c.bank })).join('; ') || t('caixa.noCheques'),
      }) + (payee ? ` ${t('identify.payTo', { name: payee.name })}` : '')
    : '';
  const printWords = printing.receiptPrinter === false ? t('caixa.printsNone') : t('caixa.printsTwo');
  return {
    ...{ cash, setCash, cheques, setCheque, addCheque, removeCheque, split, threshold, needsApproval, pay, summary, printWords },
    ...{ confirming, setConfirming, approving, setApproving, payee, setPayee, identifying, setIdentifying, needsPayee, asked, setAsked },
  };
}

type Payment = ReturnType<typeof usePayment>;

/** Cash from the drawer plus cheques, adding up to the amount; said in full before it is paid. */
export function PayForm({ guia, drawer, onPaid }: { guia: Guia; drawer: DrawerCash; onPaid: (g: Paid) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const p = usePayment(guia, drawer);
  const { split } = p;
  const offline = useOffline();
  return (
    <form
      className="form pay-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!split.ok || offline.disabled) return;
        // The rule asks for the player first: the identification opens instead of the payment.
        if (p.needsPayee && p.payee === null) p.setIdentifying(true);
        else if (p.needsApproval) p.setApproving(true);
        else p.setConfirming(true);
      }}
    >
      <h3>{t('caixa.payTitle')}</h3>
      <CashRow p={p} drawer={drawer} />
      {drawer === null ? null : (
        <p className="hint" data-testid="pay-drawer-cash">
          {drawer.cashCents === null ? t('caixa.payDrawerBlind') : t('caixa.drawerCash', { amount: f.money(drawer.cashCents) })}
        </p>
      )}
      <Cheques p={p} />
      <PayeeRow payee={p.payee} needed={p.needsPayee} open={p.identifying} setOpen={p.setIdentifying} onChoose={p.setPayee} />
      {p.asked !== null ? (
        <IdentifyDialog
          reason={p.asked}
          onClose={() => p.setAsked(null)}
          onDone={(person) => {
            p.setAsked(null);
            p.setPayee(person);
          }}
        />
      ) : null}
      <p className={`pay-remaining ${split.ok ? 'success' : 'hint'}`} data-testid="pay-remaining" role="status">
        {split.ok ? t('caixa.splitOk') : t(`caixa.split.${split.reason}`, { amount: f.money(Math.abs(split.remainingCents)) })}
      </p>
      <button type="submit" className="btn btn-primary btn-large" data-testid="pay-submit" disabled={!split.ok} {...offline}>
        {t('caixa.paySubmit', { amount: f.money(guia.amountCents) })}
      </button>
      <PayDialogs guia={guia} p={p} onPaid={onPaid} />
    </form>
  );
}

/** The cash and, beside it, "Acrescentar cheque": its cheques open in the box below, which never grows. */
function CashRow({ p, drawer }: { p: Payment; drawer: DrawerCash }) {
  const { t } = useTranslation();
  return (
    <div className="pay-cash-row">
      <label>
        {t('caixa.cash')}
        <span className="input-suffix">
          {/* Without a drawer of one's own no cash leaves: the field is shut, and the notice above says why (once). */}
          <input
            data-testid="pay-cash"
            inputMode="decimal"
            value={drawer === null ? '' : p.cash}
            disabled={drawer === null}
            aria-describedby={drawer === null ? 'caixa-no-drawer' : undefined}
            onChange={(e) => p.setCash(e.target.value)}
          />
          <span aria-hidden="true">€</span>
        </span>
      </label>
      <button type="button" className="btn" data-testid="cheque-add" onClick={p.addCheque}>
        {t('caixa.chequeAdd')}
      </button>
    </div>
  );
}

/** The cheques in a box of fixed height that scrolls (styles.css): a cheque added moves neither the sum's line nor "Pagar". */
function Cheques({ p }: { p: Payment }) {
  const { t } = useTranslation();
  return (
    <div className="pay-cheques" data-testid="pay-cheques">
      {p.cheques.map((c, i) => (
        <fieldset key={i} className="cheque-row">
          <legend>{t('caixa.chequeN', { n: i + 1 })}</legend>
          <label>
            {t('caixa.chequeAmount')}
            <input data-testid={`cheque-amount-${i}`} inputMode="decimal" value={c.amount} onChange={(e) => p.setCheque(i, { amount: e.target.value })} />
          </label>
          <label>
            {t('caixa.chequeNumber')}
            <input data-testid={`cheque-number-${i}`} value={c.number} onChange={(e) => p.setCheque(i, { number: e.target.value })} />
          </label>
          <label>
            {t('caixa.chequeBank')}
            <input data-testid={`cheque-bank-${i}`} value={c.bank} onChange={(e) => p.setCheque(i, { bank: e.target.value })} />
          </label>
          <button type="button" className="btn" data-testid={`cheque-remove-${i}`} onClick={() => p.removeCheque(i)}>
            {t('caixa.chequeRemove')}
          </button>
        </fieldset>
      ))}
    </div>
  );
}

/** The payment said in full before it is made: confirmed, or over the hall's limit approved by a manager. */
function PayDialogs({ guia, p, onPaid }: { guia: Guia; p: Payment; onPaid: (g: Paid) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <>
      {p.confirming ? (
        <ConfirmDialog
          title={t('caixa.payConfirmTitle', { number: guia.number })}
          confirmLabel={t('caixa.payConfirm')}
          testId="pay-dialog"
          confirmTestId="pay-confirm"
          onConfirm={() => p.pay()}
          onDone={(g) => {
            p.setConfirming(false);
            onPaid(g);
          }}
          onClose={() => p.setConfirming(false)}
        >
          <p>{p.summary}</p>
          <p className="hint" data-testid="pay-prints">
            {p.printWords}
          </p>
        </ConfirmDialog>
      ) : null}
      {p.approving ? (
        <ApprovalDialog
          title={t('caixa.payConfirmTitle', { number: guia.number })}
          explain={`${t('caixa.payApprovalNeeded', { threshold: f.money(p.threshold ?? 0) })} ${p.summary} ${p.printWords}`}
          submitLabel={t('caixa.payConfirm')}
          testId="pay-approval"
          onSubmit={(approval) => p.pay(approval)}
          onDone={(g) => {
            p.setApproving(false);
            onPaid(g);
          }}
          onClose={() => p.setApproving(false)}
        />
      ) : null}
    </>
  );
}
