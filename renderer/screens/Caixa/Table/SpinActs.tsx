import { useTranslation } from 'react-i18next';
import type { SpinSettlement } from './useSettlement.js';
import type { SpinLog } from './useSpinLog.js';

/** The number drawn and "Liquidar", on one row. */
export function NumberDrawn({ settlement }: { settlement: SpinSettlement }) {
  const { t } = useTranslation();
  return (
    <div className="form form-row spin-number-row">
      <label>
        {t('tableSheet.numberDrawn')}
        <input
          type="number"
          data-testid="spin-number"
          min={0}
          max={36}
          step={1}
          inputMode="numeric"
          value={settlement.numberText}
          onChange={(e) => settlement.setNumberText(e.target.value)}
        />
      </label>
      <button type="button" className="btn btn-primary" data-testid="settle" onClick={() => void settlement.settle()} disabled={settlement.settling}>
        {settlement.settling ? t('tableSheet.working') : t('tableSheet.settle')}
      </button>
    </div>
  );
}

/** What the fiscal writes in the table's log: the spin, a null spin, the ball's and the dealer's change (their key marked when due). */
export function SpinActs({ log, onRecord }: { log: SpinLog; onRecord: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="spin-acts">
      <button type="button" className="btn btn-primary" data-testid="log-spin" onClick={onRecord} disabled={log.busy}>
        {t('tableSheet.logSpin')}
      </button>
      <button type="button" className="btn btn-warning" data-testid="log-null" onClick={log.askNull} disabled={log.busy}>
        {t('tableSheet.logNull')}
      </button>
      <button type="button" className={`btn${log.data?.ballChangeDue ? ' due' : ''}`} data-testid="log-ball" onClick={() => void log.change('ball')} disabled={log.busy}>
        {t('tableSheet.logBall')}
      </button>
      <button type="button" className={`btn${log.data?.dealerChangeDue ? ' due' : ''}`} data-testid="log-dealer" onClick={() => void log.change('dealer')} disabled={log.busy}>
        {t('tableSheet.logDealer')}
      </button>
    </div>
  );
}
