import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ApprovalDialog } from '../../components/ApprovalDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useOffline } from '../../components/LinkBanner.js';
import { useFormat } from '../../format.js';
import { ReceiptStatus } from '../../components/ReceiptStatus.js';
import { usePrintState } from '../../components/PrintJobs.js';
import type { DrawerCash } from '../../lib/guia.js';
import { guiaCopiesJob } from '../../lib/printing.js';
import { PayForm } from './PayForm.js';

export type Guia = ChannelOutput<'guia.find'>;

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

/** What the guia is: machine, kind, issue, amount, and its payment (each cheque) or why it was voided. */
function GuiaFacts({ guia }: { guia: Guia }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
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
        <GuiaFacts guia={guia} />
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
