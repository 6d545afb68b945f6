import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput, WinnerView } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { usePrintState } from '../../components/PrintJobs.js';
import { documentJobOf, ReceiptStatus } from '../../components/ReceiptStatus.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { parseReceipt } from '../../lib/cardEntry.js';
import { formatRanges } from '../../lib/ranges.js';
import { PrizePayDialog } from './PrizePayDialog.js';
import { TableRegion } from '../../components/TableRegion.js';
import { useHallLinkDown, useOffline } from '../../components/LinkBanner.js';

/** What the refund dialog shows of a sale: from the list, or from the kiosk's check of a sale not on it. */
type RefundRow = ChannelOutput<'refund.check'>;
type Paying = { type: 'prize'; winner: WinnerView } | { type: 'refund'; saleId: number; check: string | null; row: RefundRow };

/**
 * Cashier: pay the session's prizes in cash against the winning card (art.
 * 15.3, 15.5: typed or its receipt scanned) and refund in full the sales of
 * annulled games (art. 16.3), from the list or from the receipt (its number
 * typed or its QR scanned). A manager sees the same lists; the cashier pays
 * (`canPay` false: no pay buttons).
 */
export function PrizesScreen({ canPay = true }: { canPay?: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const current = useKioskQuery('session.current', {});
  const prizes = useKioskQuery('prize.list', {});
  const refunds = useKioskQuery('refund.list', {});
  const [paying, setPaying] = useState<Paying | null>(null);
  // The last payout, worded at each render: its words follow a change of language.
  const [done, setDone] = useState<{ type: 'refund'; r: ChannelOutput<'refund.pay'> } | { type: 'prize'; w: WinnerView } | null>(null);
  // What the last payout documents (a prize's winner, a refund's sale): its receipt's fate is said under it.
  const [paidDoc, setPaidDoc] = useState<{ type: 'winner' | 'refund'; id: number } | null>(null);
  const printing = usePrintState();
  const [saleText, setSaleText] = useState('');
  const [quickError, setQuickError] = useState<ClientError | string | null>(null);
  // The link to the hall down: the banner says it (once); the lists keep what they showed, every payout is off and points to it.
  const linkDown = useHallLinkDown();
  const offline = useOffline();

  const reload = () => {
    void prizes.reload();
    void refunds.reload();
  };
  const card = (w: WinnerView) => `${w.seriesCode} ${w.card}`;
  const noSession = current.data !== undefined && current.data.session === null;
  const unpaid = (prizes.data ?? []).filter((w) => w.status === 'unpaid');

  const quickRefund = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    setQuickError(null);
    const receipt = parseReceipt(saleText);
    if (receipt === null) {
      setQuickError(t('refunds.saleInvalid'));
      return;
    }
    const { saleId, check } = receipt;
    // The list on screen, else the kiosk's own check of that sale: money moves only once the dialog is confirmed.
    const row = (refunds.data ?? []).find((r) => r.saleId === saleId);
    if (row && !row.refunded) {
      setPaying({ type: 'refund', saleId, check, row });
      return;
    }
    const checked = await invoke('refund.check', check === null ? { saleId } : { saleId, check });
    if (!checked.ok) {
      // Not refundable (the game was not annulled, art. 16.º, n.º 4; already refunded; unknown): the kiosk says why.
      setQuickError(checked.error);
      return;
    }
    setPaying({ type: 'refund', saleId, check, row: checked.value });
  };

  const refunded = (r: ChannelOutput<'refund.pay'>) => {
    setPaying(null);
    setSaleText('');
    setPaidDoc({ type: 'refund', id: r.saleId });
    setDone({ type: 'refund', r });
    reload();
  };

  return (
    <main className="screen prizes-screen" aria-labelledby="prizes-title">
      <h1 id="prizes-title" className="visually-hidden">
        {t('prizes.screenTitle')}
      </h1>
      {noSession ? <p className="notice">{t('prizes.noSession')}</p> : null}
      {canPay ? null : (
        <p className="notice" data-testid="prizes-view-only">
          {t('prizes.viewOnly')}
        </p>
      )}
      {/* The last payout and its slip's fate, in a slot of fixed height (styles.css): the lists and their acts never move. */}
      <div className="payout-done">
        {done ? (
          <>
            <p className="success big-success" role="status" data-testid="payout-result">
              {done.type === 'refund'
                ? t('refunds.done', { id: done.r.saleId, amount: f.money(done.r.amountCents), ranges: formatRanges(done.r.ranges) })
                : t('prizes.done', {
                    amount: f.money(done.w.prizeCents),
                    kind: t(`kindText.${done.w.kind}`),
                    card: card(done.w),
                    date: done.w.retainUntil ? f.date(done.w.retainUntil) : '—',
                  })}
            </p>
            {paidDoc ? (
              <ReceiptStatus key={`${paidDoc.type}-${paidDoc.id}`} job={documentJobOf(printing.jobs, paidDoc)} hasPrinter={printing.receiptPrinter} testId="payout-receipt" />
            ) : null}
          </>
        ) : (
          <p className="hint" data-testid="payout-idle">
            {t('prizes.payoutIdle')}
          </p>
        )}
      </div>
      <div className="columns">
        <section className="panel prize-list-panel" aria-labelledby="prize-list-title">
          <div className="panel-head">
            <h2 id="prize-list-title">{t('prizes.title')}</h2>
            <p className="meta">{t('prizes.unpaidCount', { count: unpaid.length })}</p>
          </div>
          <ErrorAlert error={linkDown ? null : prizes.error} testId="prizes-load-error" />
          {prizes.data && prizes.data.length === 0 ? <p className="empty">{t('prizes.none')}</p> : null}
          {prizes.data && prizes.data.length > 0 ? (
            <TableRegion name={t('prizes.title')}>
              <table className="table payouts">
                <thead>
                  <tr>
                    <th scope="col" className="num">{t('prizes.game')}</th>
                    <th scope="col">{t('prizes.card')}</th>
                    <th scope="col">{t('prizes.kind')}</th>
                    <th scope="col" className="num">{t('prizes.amount')}</th>
                    <th scope="col">{t('prizes.status')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('prizes.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {prizes.data.map((w) => (
                    <tr key={w.winnerId} data-testid={`prize-row-${w.winnerId}`} className={`status-${w.status}`}>
                      <td className="num">{w.gameNumber}</td>
                      <td className="card-cell">{card(w)}</td>
                      <td>{t(`kind.${w.kind}`)}</td>
                      <td className="num amount">{f.money(w.prizeCents)}</td>
                      <td>
                        <span className={`badge badge-prize-${w.status}`}>{t(`prizeStatus.${w.status}`)}</span>
                        {w.status === 'paid' && w.paidAt ? (
                          <span className="paid-info">
                            {t('prizes.paidAt', { time: f.dateTime(w.paidAt) })}
                            {w.retainUntil ? <> · {t('prizes.retainUntil', { date: f.date(w.retainUntil) })}</> : null}
                          </span>
                        ) : null}
                      </td>
                      <td>
                        {w.status === 'unpaid' && canPay ? (
                          <button
                            type="button"
                            className="btn btn-sell-small"
                            data-testid={`prize-pay-${w.winnerId}`}
                            {...offline}
                            onClick={() => {
                              setDone(null);
                              setPaying({ type: 'prize', winner: w });
                            }}
                          >
                            {t('prizes.pay')}
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          ) : null}
        </section>

        <section className="panel" aria-labelledby="refund-title">
          <h2 id="refund-title">{t('refunds.title')}</h2>
          <p className="hint">{t('refunds.hint')}</p>
          {canPay ? (
            <form className="form form-row" onSubmit={quickRefund} aria-label={t('refunds.quickLabel')}>
              <label>
                {t('refunds.saleNumber')}
                <input
                  data-testid="refund-sale-number"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={120}
                  value={saleText}
                  aria-describedby="refund-sale-hint"
                  onChange={(e) => {
                    setSaleText(e.target.value);
                    setQuickError(null);
                  }}
                />
              </label>
              <button type="submit" className="btn btn-primary btn-large" data-testid="refund-submit" {...offline}>
                {t('refunds.submit')}
              </button>
            </form>
          ) : null}
          {canPay ? (
            <p className="hint field-hint" id="refund-sale-hint">
              {t('refunds.saleHint')}
            </p>
          ) : null}
          <ErrorAlert error={quickError} testId="refund-error" />
          <ErrorAlert error={linkDown ? null : refunds.error} testId="refunds-load-error" />
          {refunds.data && refunds.data.length === 0 ? <p className="empty">{t('refunds.none')}</p> : null}
          {refunds.data && refunds.data.length > 0 ? (
            <TableRegion name={t('refunds.title')}>
              <table className="table payouts">
                <thead>
                  <tr>
                    <th scope="col" className="num">{t('refunds.sale')}</th>
                    <th scope="col" className="num">{t('refunds.game')}</th>
                    <th scope="col">{t('refunds.cards')}</th>
                    <th scope="col" className="num">{t('refunds.amount')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('refunds.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {refunds.data.map((r) => (
                    <tr key={r.saleId} data-testid={`refund-row-${r.saleId}`} className={r.refunded ? 'status-paid' : undefined}>
                      <td className="num">{r.saleId}</td>
                      <td className="num">{r.gameNumber}</td>
                      <td>{formatRanges(r.ranges)}</td>
                      <td className="num amount">{f.money(r.amountCents)}</td>
                      <td>
                        {r.refunded ? (
                          <span className="paid-info">{t('refunds.refundedAt', { time: r.refundedAt ? f.dateTime(r.refundedAt) : '' })}</span>
                        ) : canPay ? (
                          <button
                            type="button"
                            className="btn btn-sell-small"
                            data-testid={`refund-pay-${r.saleId}`}
                            {...offline}
                            onClick={() => {
                              setDone(null);
                              setPaying({ type: 'refund', saleId: r.saleId, check: null, row: r });
                            }}
                          >
                            {t('refunds.pay')}
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          ) : null}
        </section>
      </div>

      {paying?.type === 'prize' ? (
        <PrizePayDialog
          winner={paying.winner}
          onPaid={(w) => {
            setPaying(null);
            setPaidDoc({ type: 'winner', id: w.winnerId });
            setDone({ type: 'prize', w });
            reload();
          }}
          onClose={() => setPaying(null)}
        />
      ) : null}
      {paying?.type === 'refund' ? (
        <ConfirmDialog
          title={t('refunds.confirmTitle', { id: paying.saleId })}
          confirmLabel={t('refunds.confirm', { amount: f.money(paying.row.amountCents) })}
          testId="refund-dialog"
          confirmTestId="refund-confirm"
          onConfirm={() => invoke('refund.pay', paying.check === null ? { saleId: paying.saleId } : { saleId: paying.saleId, check: paying.check })}
          onDone={refunded}
          onClose={() => setPaying(null)}
        >
          <p className="confirm-amount">{f.money(paying.row.amountCents)}</p>
          <p>{t('refunds.confirmText', { id: paying.saleId, number: paying.row.gameNumber, ranges: formatRanges(paying.row.ranges) })}</p>
        </ConfirmDialog>
      ) : null}
    </main>
  );
}
