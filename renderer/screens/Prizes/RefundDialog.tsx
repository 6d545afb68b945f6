import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { invoke } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { useFormat } from '../../format.js';
import { formatRanges } from '../../lib/ranges.js';
import type { Paying } from './payout.js';

/** A sale's refund in full, confirmed: the amount, the game and the cards (art. 16.3). */
export function RefundDialog({ paying, onDone, onClose }: { paying: Extract<Paying, { type: 'refund' }>; onDone: (r: ChannelOutput<'refund.pay'>) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <ConfirmDialog
      title={t('refunds.confirmTitle', { id: paying.saleId })}
      confirmLabel={t('refunds.confirm', { amount: f.money(paying.row.amountCents) })}
      testId="refund-dialog"
      confirmTestId="refund-confirm"
      onConfirm={() => invoke('refund.pay', paying.check === null ? { saleId: paying.saleId } : { saleId: paying.saleId, check: paying.check })}
      onDone={onDone}
      onClose={onClose}
    >
      <p className="confirm-amount">{f.money(paying.row.amountCents)}</p>
      <p>{t('refunds.confirmText', { id: paying.saleId, number: paying.row.gameNumber, ranges: formatRanges(paying.row.ranges) })}</p>
    </ConfirmDialog>
  );
}
