import { useTranslation } from 'react-i18next';
import type { ChannelOutput, SaleView } from '../../../core/contract.js';
import { invoke } from '../../client.js';
import { ApprovalDialog } from '../../components/ApprovalDialog.js';
import { useFormat } from '../../format.js';
import { formatRanges } from '../../lib/ranges.js';

interface Props {
  gameId: number;
  gameNumber: number;
  /** The game's most recent sale as the screen shows it: the one the manager approves voiding. */
  sale: SaleView | null;
  onClose: () => void;
  onVoided: (result: ChannelOutput<'sale.voidLast'>) => void;
}

/** "Anular última venda": needs a manager's username and PIN (autorização do gerente). */
export function VoidDialog({ gameId, gameNumber, sale, onClose, onVoided }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const explain =
    sale && !sale.voided
      ? t('void.explainSale', { id: sale.saleId, number: gameNumber, ranges: formatRanges(sale.ranges), count: sale.quantity, amount: f.money(sale.totalCents) })
      : t('void.explain', { number: gameNumber });
  return (
    <ApprovalDialog
      title={t('void.title')}
      explain={explain}
      submitLabel={t('void.submit')}
      testId="void-dialog"
      onSubmit={(approval) => invoke('sale.voidLast', { gameId, ...(sale && !sale.voided ? { saleId: sale.saleId } : {}), approval })}
      onDone={onVoided}
      onClose={onClose}
    />
  );
}
