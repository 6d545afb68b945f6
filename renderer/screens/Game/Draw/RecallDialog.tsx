import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../../core/contract.js';
import { invoke } from '../../../client.js';
import { ApprovalDialog } from '../../../components/ApprovalDialog.js';

/** The recall of the last ball, with a manager's PIN: the kiosk answers with the whole board. */
export function RecallDialog({
  gameId,
  last,
  ballCount,
  onRecalled,
  onClose,
}: {
  gameId: number;
  last: number;
  ballCount: number;
  onRecalled: (board: ChannelOutput<'game.recallBall'>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ApprovalDialog
      title={t('draw.recallTitle')}
      explain={t('draw.recallExplain', { ball: last, count: ballCount })}
      submitLabel={t('draw.recallSubmit', { ball: last })}
      testId="recall-dialog"
      onSubmit={(approval) => invoke('game.recallBall', { gameId, approval })}
      onDone={onRecalled}
      onClose={onClose}
    />
  );
}
