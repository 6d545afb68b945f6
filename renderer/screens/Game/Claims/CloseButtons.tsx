import { Trans, useTranslation } from 'react-i18next';
import type { BoardView } from '../../../../core/contract.js';
import type { Kind } from './claim.js';

/** "Mais alguma linha?" / "Mais algum bingo?": the claim windows' keys, marked while a valid claim waits for its prize. */
export function CloseButtons({
  board,
  drawing,
  busy,
  waiting,
  onClose,
}: {
  board: BoardView;
  drawing: boolean;
  busy: boolean;
  /** How many valid claims of a kind wait at this ball. */
  waiting: (k: Kind) => number;
  onClose: (k: Kind) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="close-row">
      <button
        type="button"
        className={`btn btn-large ${waiting('line') > 0 ? 'btn-warning' : ''}`}
        data-testid="close-line"
        disabled={!drawing || board.lineAwarded || busy}
        onClick={() => onClose('line')}
      >
        <span className="close-ask">
          <Trans i18nKey="claims.closeLineAsk" components={{ q: <span lang="pt-PT" /> }} />
        </span>
        <span className="visually-hidden"> — </span>
        <span className="close-act">{t('claims.closeLine')}</span>
      </button>
      <button type="button" className={`btn btn-large ${waiting('bingo') > 0 ? 'btn-warning' : ''}`} data-testid="close-bingo" disabled={!drawing || busy} onClick={() => onClose('bingo')}>
        <span className="close-ask">
          <Trans i18nKey="claims.closeBingoAsk" components={{ q: <span lang="pt-PT" /> }} />
        </span>
        <span className="visually-hidden"> — </span>
        <span className="close-act">{t('claims.closeBingo')}</span>
      </button>
    </div>
  );
}
