import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { invoke } from '../../client.js';
import { ApprovalDialog } from '../../components/ApprovalDialog.js';

interface Props {
  gameId: number;
  gameNumber: number;
  onClose: () => void;
  onVoided: (result: ChannelOutput<'sale.voidLast'>) => void;
}

/** "Anular última venda": needs a manager's username and PIN (autorização do gerente). */
export function VoidDialog({ gameId, gameNumber, onClose, onVoided }: Props) {
  const { t } = useTranslation();
  return (
    <ApprovalDialog
      title={t('void.title')}
      explain={t('void.explain', { number: gameNumber })}
      submitLabel={t('void.submit')}
      testId="void-dialog"
      onSubmit={(approval) => invoke('sale.voidLast', { gameId, approval })}
      onDone={onVoided}
      onClose={onClose}
    />
  );
}
