import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import type { useOffline } from '../../components/LinkBanner.js';
import { useFormat } from '../../format.js';
import { parseReceipt } from '../../lib/cardEntry.js';
import { formatRanges } from '../../lib/ranges.js';
import { CardRefundForm } from './CardRefundForm.js';
import type { Paying } from './payout.js';
import { PayoutTable } from './PayoutTable.js';

type Refunds = ChannelOutput<'refund.list'>;

/**
 * The refunds of annulled games' sales (art. 16.3): a sale's receipt (its number typed or its QR scanned) asked for,
 * and the list, each refunded (when) or a key to refund it.
 */
export function RefundsPanel({
  refunds,
  error,
  canPay,
  offline,
  saleText,
  onSaleText,
  onAsk,
  onCardRefunded,
}: {
  refunds: Refunds | undefined;
  error: ClientError | null;
  canPay: boolean;
  offline: ReturnType<typeof useOffline>;
  saleText: string;
  onSaleText: (text: string) => void;
  /** A payout's act begins (the last payout's words go) and, with a refund, asks its confirmation. */
  onAsk: (paying: Paying | null) => void;
  /** A card refunded by its number (refund.payCard): the lists are read again. */
  onCardRefunded?: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const [quickError, setQuickError] = useState<ClientError | string | null>(null);

  const quickRefund = async (e: FormEvent) => {
    e.preventDefault();
    onAsk(null);
    setQuickError(null);
    const receipt = parseReceipt(saleText);
    if (receipt === null) {
      setQuickError(t('refunds.saleInvalid'));
      return;
    }
    const { saleId, check } = receipt;
    // The list on screen, else the kiosk's own check of that sale: money moves only once the dialog is confirmed.
    const row = (refunds ?? []).find((r) => r.saleId === saleId);
    if (row && !row.refunded) {
      onAsk({ type: 'refund', saleId, check, row });
      return;
    }
    const checked = await invoke('refund.check', check === null ? { saleId } : { saleId, check });
    if (!checked.ok) {
      // Not refundable (the game was not annulled, art. 16.º, n.º 4; already refunded; unknown): the kiosk says why.
      setQuickError(checked.error);
      return;
    }
    onAsk({ type: 'refund', saleId, check, row: checked.value });
  };

  return (
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
                onSaleText(e.target.value);
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
      {canPay ? (
        <CardRefundForm
          games={[...new Map((refunds ?? []).map((r) => [r.gameId, { gameId: r.gameId, gameNumber: r.gameNumber }])).values()]}
          offline={offline}
          onRefunded={() => onCardRefunded?.()}
        />
      ) : null}
      <PayoutTable
        rows={refunds}
        error={error}
        errorTestId="refunds-load-error"
        name={t('refunds.title')}
        none={t('refunds.none')}
        columns={[
          { label: t('refunds.sale'), num: true },
          { label: t('refunds.game'), num: true },
          { label: t('refunds.cards') },
          { label: t('refunds.amount'), num: true },
        ]}
        actions={t('refunds.actions')}
        row={(r) => (
          <tr key={r.saleId} data-testid={`refund-row-${r.saleId}`} className={r.refunded ? 'status-paid' : undefined}>
            <td className="num">{r.saleId}</td>
            <td className="num">{r.gameNumber}</td>
            <td>{formatRanges(r.ranges)}</td>
            <td className="num amount">{f.money(r.amountCents)}</td>
            <td>
              {r.refunded ? (
                <span className="paid-info">{t('refunds.refundedAt', { time: r.refundedAt ? f.dateTime(r.refundedAt) : '' })}</span>
              ) : r.cardsRefunded > 0 ? (
                // Refunded card by card (art. 16.º, n.º 3): the rest by each card's number, never the whole again.
                <span className="paid-info" data-testid={`refund-cards-${r.saleId}`}>
                  {t('refunds.cardsRefunded', { count: r.cardsRefunded })}
                </span>
              ) : canPay ? (
                <button
                  type="button"
                  className="btn btn-sell-small"
                  data-testid={`refund-pay-${r.saleId}`}
                  {...offline}
                  onClick={() => onAsk({ type: 'refund', saleId: r.saleId, check: null, row: r })}
                >
                  {t('refunds.pay')}
                </button>
              ) : null}
            </td>
          </tr>
        )}
      />
    </section>
  );
}
