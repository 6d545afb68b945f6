import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { useFormat } from '../../format.js';
import { formatRanges } from '../../lib/ranges.js';

export type VoidResult = ChannelOutput<'sale.voidLast'>;

/** The last sale voided: its number, its cards and the money handed back. */
export function VoidNotice({ voided }: { voided: VoidResult }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <p className="notice" role="status" data-testid="void-result">
      {t('void.done', { id: voided.saleId, ranges: formatRanges(voided.ranges), refund: f.money(voided.refundCents) })}
    </p>
  );
}
