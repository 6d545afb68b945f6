import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ApprovalDialog, type Approval } from '../../components/ApprovalDialog.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useOffline } from '../../components/LinkBanner.js';
import { useFormat } from '../../format.js';
import { guiaNeedsApproval } from '../../../core/caixa/rules.js';
import { ReceiptStatus } from '../../components/ReceiptStatus.js';
import { usePrintState } from '../../components/PrintJobs.js';
import { useKioskQuery } from '../../hooks.js';
import { checkGuiaSplit, defaultCashCents, type ChequeFields, type DrawerCash } from '../../lib/guia.js';
import { guiaCopiesJob } from '../../lib/printing.js';
import { euroFieldText } from '../../lib/money.js';

export type Guia = ChannelOutput<'guia.find'>;
type Paid = ChannelOutput<'guia.pay'>;

/**
 * Find a guia by its number or by scanning its QR code (the scanner types `GUIA|n` and Enter). Its refusal is said in a
 * slot of fixed height above the field, in place of `idle` (the drawer's line): the acts below never move.
 */
export function GuiaFinder({ onFound, idle }: { onFound: (g: Guia) => void; idle?: ReactNode }) {
  const { t } = useTranslation();
  const offline = useOffline();
  const [query, setQuery] = useState('');
  const [error, setError] = useState<ClientError | null>(null);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (query.trim() === '') return;
    setError(null);
    const r = await invoke('guia.find', { query });
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setQuery('');
    onFound(r.value);
  };
  return (
    <>
      <div className="guia-find-slot">{error ? <ErrorAlert error={error} testId="guia-find-error" /> : idle}</div>
      <form className="form form-row guia-finder" onSubmit={submit}>
        <label>
          {t('caixa.find')}
          <input
            ref={ref}
            data-testid="guia-query"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setError(null);
            }}
            placeholder={t('caixa.findPlaceholder')}
            autoComplete="off"
          />
        </label>
        <button type="submit" className="btn btn-primary btn-large" data-testid="guia-find" {...offline}>
          {t('caixa.findButton')}
        </button>
      </form>
    </>
  );
}

/** The guia found: what it is, its state, and what can be done with it. */
/** `acted`: the guia was just issued or paid here (its copies' print state is then said); one found or picked is not. */
export function GuiaCard({ guia, acted, drawer, onChanged }: { guia: Guia; acted: boolean; drawer: DrawerCash; onChanged: (g: Guia) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const printing = usePrintState();
  const [voiding, setVoiding] = useState(false);
  const [reprinted, setReprinted] = useState<string | null>(null);
  const [error, setError] = useState<ClientError | null>(null);
  const offline = useOffline();
  const reprint = async () => {
    setError(null);
    setReprinted(null);
    const r = await invoke('guia.reprint', { guiaId: guia.guiaId });
    if (r.ok) setReprinted(t('caixa.reprinted', { number: guia.number }));
    else setError(r.error);
  };
  return (
    <section className="panel guia-card" aria-labelledby="guia-title" data-testid="guia-card">
      <div className="panel-head">
        <h2 id="guia-title">{t('caixa.guiaTitle', { number: guia.number })}</h2>
        <span className={`badge badge-guia-${guia.status}`} data-testid="guia-status">
          {t(`caixa.status.${guia.status}`)}
        </span>
      </div>
      {/* What the guia is and its own acts on the left; its payment, when it is to be paid, on the right (styles.css). */}
      <div className="guia-card-facts">
        <dl className="guia-facts">
          <div className="figure-line">
            <dt>{t('caixa.machine')}</dt>
            <dd>
              {guia.machineNumber} · {guia.model}
            </dd>
          </div>
          <div className="figure-line">
            <dt>{t('caixa.kind')}</dt>
            <dd>{t(`caixa.kinds.${guia.kind}`)}</dd>
          </div>
          <div className="figure-line">
            <dt>{t('caixa.issued')}</dt>
            <dd>{t('caixa.issuedBy', { at: f.dateTime(guia.issuedAt), by: guia.issuedBy })}</dd>
          </div>
          <div className="figure-line guia-amount">
            <dt>{t('caixa.amount')}</dt>
            <dd data-testid="guia-amount">{f.money(guia.amountCents)}</dd>
          </div>
          {guia.payment ? (
            <div className="figure-line">
              <dt>{t('caixa.paid')}</dt>
              <dd data-testid="guia-payment">
                {t('caixa.paidWith', {
                  cash: f.money(guia.payment.cashCents),
                  cheques: f.money(guia.payment.cheques.reduce((s, c) => s + c.amountCents, 0)),
                  by: guia.payment.paidBy,
                  at: f.dateTime(guia.payment.paidAt),
                })}
              </dd>
            </div>
          ) : null}
          {/* Each cheque by its number and bank, as the paid guia prints them: the card is what the caixa checks against the cheque book. */}
          {guia.payment?.cheques.map((c, i) => (
            <div key={i} className="figure-line">
              <dt>{t('caixa.chequeN', { n: i + 1 })}</dt>
              <dd data-testid={`guia-cheque-${i}`}>{t('caixa.chequeSummary', { amount: f.money(c.amountCents), number: c.number, bank: c.bank })}</dd>
            </div>
          ))}
          {guia.voidReason ? (
            <div className="figure-line">
              <dt>{t('caixa.voidReason')}</dt>
              <dd>{guia.voidReason}</dd>
            </div>
          ) : null}
        </dl>
        <div className="button-row">
          <button type="button" className="btn" data-testid="guia-reprint" onClick={() => void reprint()} {...offline}>
            {t('caixa.reprint')}
          </button>
          {guia.status === 'unpaid' ? (
            <button type="button" className="btn btn-danger" data-testid="guia-void" onClick={() => setVoiding(true)} {...offline}>
              {t('caixa.void')}
            </button>
          ) : null}
        </div>
        {/* Under its acts, in a slot of fixed height (styles.css): whether this act's two copies printed (issued, or paid: said,
            never assumed), a 2.ª via sent, or why an act was refused. A failed print moves neither act. */}
        <div className="guia-card-slot">
          {acted && guia.status !== 'void' ? (
            <ReceiptStatus job={guiaCopiesJob(printing.jobs, guia.guiaId, guia.printJobId)} hasPrinter={guia.printJobId === null ? false : printing.receiptPrinter} testId="guia-print" ns="caixa.guiaPrint" />
          ) : null}
          {reprinted ? (
            <p className="success" role="status" data-testid="guia-reprinted">
              {reprinted}
            </p>
          ) : null}
          <ErrorAlert error={error} testId="guia-action-error" />
        </div>
      </div>
      {guia.status === 'unpaid' ? <PayForm key={guia.guiaId} guia={guia} drawer={drawer} onPaid={onChanged} /> : null}
      {voiding ? (
        <ApprovalDialog
          title={t('caixa.voidTitle', { number: guia.number })}
          explain={t('caixa.voidExplain', { number: guia.number, amount: f.money(guia.amountCents) })}
          submitLabel={t('caixa.voidSubmit')}
          testId="guia-void-approval"
          reason={{ label: t('caixa.voidReasonLabel'), act: 'guia.void' }}
          onSubmit={(approval, reason) => invoke('guia.void', { guiaId: guia.guiaId, reason, approval })}
          onDone={(g) => {
            setVoiding(false);
            onChanged(g);
          }}
          onClose={() => setVoiding(false)}
        />
      ) : null}
    </section>
  );
}

const emptyCheque = (): ChequeFields => ({ amount: '', number: '', bank: '' });

/** Cash from the drawer plus cheques, adding up to the amount; said in full before it is paid. */
function PayForm({ guia, drawer, onPaid }: { guia: Guia; drawer: DrawerCash; onPaid: (g: Paid) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const settings = useKioskQuery('settings.get', {});
  const printing = usePrintState();
  const [cash, setCash] = useState(() => euroFieldText(defaultCashCents(guia.amountCents, drawer)));
  const [cheques, setCheques] = useState<ChequeFields[]>(() => (defaultCashCents(guia.amountCents, drawer) < guia.amountCents ? [emptyCheque()] : []));
  const [confirming, setConfirming] = useState(false);
  const [approving, setApproving] = useState(false);
  const offline = useOffline();
  const split = checkGuiaSplit(guia.amountCents, drawer === null ? '' : cash, cheques, drawer);
  // Over the hall's limit the payment needs a manager's approval (n.º 13): asked for at once, never offered otherwise.
  const threshold = settings.data?.guiaApprovalThresholdCents ?? null;
  const needsApproval = guiaNeedsApproval(guia.amountCents, threshold);
  const setCheque = (i: number, patch: Partial<ChequeFields>) => setCheques(cheques.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const pay = (approval?: Approval) =>
    split.ok
      ? invoke('guia.pay', { guiaId: guia.guiaId, cashCents: split.cashCents, cheques: split.cheques, ...(approval ? { approval } : {}) })
      : Promise.reject(new Error('split'));
  const summary = split.ok
    ? t('caixa.payConfirmText', {
        number: guia.number,
        amount: f.money(guia.amountCents),
        cash: f.money(split.cashCents),
        cheques: split.cheques.map((c) => t('caixa.chequeSummary', { amount: f.money(c.amountCents), number: c.number, bank: c.bank })).join('; ') || t('caixa.noCheques'),
      })
    : '';
  const printWords = printing.receiptPrinter === false ? t('caixa.printsNone') : t('caixa.printsTwo');
  return (
    <form
      className="form pay-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!split.ok || offline.disabled) return;
        if (needsApproval) setApproving(true);
        else setConfirming(true);
      }}
    >
      <h3>{t('caixa.payTitle')}</h3>
      {/* The cash and, beside it, "Acrescentar cheque": its cheques open in the box below, which never grows. */}
      <div className="pay-cash-row">
        <label>
          {t('caixa.cash')}
          <span className="input-suffix">
            {/* Without a drawer of one's own no cash leaves: the field is shut, and the notice above says why (once). */}
            <input
              data-testid="pay-cash"
              inputMode="decimal"
              value={drawer === null ? '' : cash}
              disabled={drawer === null}
              aria-describedby={drawer === null ? 'caixa-no-drawer' : undefined}
              onChange={(e) => setCash(e.target.value)}
            />
            <span aria-hidden="true">€</span>
          </span>
        </label>
        <button type="button" className="btn" data-testid="cheque-add" onClick={() => setCheques([...cheques, emptyCheque()])}>
          {t('caixa.chequeAdd')}
        </button>
      </div>
      {drawer === null ? null : (
        <p className="hint" data-testid="pay-drawer-cash">
          {drawer.cashCents === null ? t('caixa.payDrawerBlind') : t('caixa.drawerCash', { amount: f.money(drawer.cashCents) })}
        </p>
      )}
      {/* The cheques in a box of fixed height that scrolls (styles.css): a cheque added moves neither the sum's line nor "Pagar". */}
      <div className="pay-cheques" data-testid="pay-cheques">
        {cheques.map((c, i) => (
          <fieldset key={i} className="cheque-row">
            <legend>{t('caixa.chequeN', { n: i + 1 })}</legend>
            <label>
              {t('caixa.chequeAmount')}
              <input data-testid={`cheque-amount-${i}`} inputMode="decimal" value={c.amount} onChange={(e) => setCheque(i, { amount: e.target.value })} />
            </label>
            <label>
              {t('caixa.chequeNumber')}
              <input data-testid={`cheque-number-${i}`} value={c.number} onChange={(e) => setCheque(i, { number: e.target.value })} />
            </label>
            <label>
              {t('caixa.chequeBank')}
              <input data-testid={`cheque-bank-${i}`} value={c.bank} onChange={(e) => setCheque(i, { bank: e.target.value })} />
            </label>
            <button type="button" className="btn" data-testid={`cheque-remove-${i}`} onClick={() => setCheques(cheques.filter((_, j) => j !== i))}>
              {t('caixa.chequeRemove')}
            </button>
          </fieldset>
        ))}
      </div>
      <p className={`pay-remaining ${split.ok ? 'success' : 'hint'}`} data-testid="pay-remaining" role="status">
        {split.ok ? t('caixa.splitOk') : t(`caixa.split.${split.reason}`, { amount: f.money(Math.abs(split.remainingCents)) })}
      </p>
      <button type="submit" className="btn btn-primary btn-large" data-testid="pay-submit" disabled={!split.ok} {...offline}>
        {t('caixa.paySubmit', { amount: f.money(guia.amountCents) })}
      </button>
      {confirming ? (
        <ConfirmDialog
          title={t('caixa.payConfirmTitle', { number: guia.number })}
          confirmLabel={t('caixa.payConfirm')}
          testId="pay-dialog"
          confirmTestId="pay-confirm"
          onConfirm={() => pay()}
          onDone={(g) => {
            setConfirming(false);
            onPaid(g);
          }}
          onClose={() => setConfirming(false)}
        >
          <p>{summary}</p>
          <p className="hint" data-testid="pay-prints">
            {printWords}
          </p>
        </ConfirmDialog>
      ) : null}
      {approving ? (
        <ApprovalDialog
          title={t('caixa.payConfirmTitle', { number: guia.number })}
          explain={`${t('caixa.payApprovalNeeded', { threshold: f.money(threshold ?? 0) })} ${summary} ${printWords}`}
          submitLabel={t('caixa.payConfirm')}
          testId="pay-approval"
          onSubmit={(approval) => pay(approval)}
          onDone={(g) => {
            setApproving(false);
            onPaid(g);
          }}
          onClose={() => setApproving(false)}
        />
      ) : null}
    </form>
  );
}
