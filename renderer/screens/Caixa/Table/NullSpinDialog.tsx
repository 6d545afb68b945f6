import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { ReasonPicker } from '../../../components/ReasonPicker.js';
import type { SpinLog } from './useSpinLog.js';

/** A golpe nulo (X.16): its reason from the hall's list or in words; the ball is launched again the same way. */
export function NullSpinDialog({ log }: { log: SpinLog }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('tableSheet.nullTitle')} onClose={log.closeNull} testId="log-null-dialog">
      <form className="form" onSubmit={(e) => void log.nullSpin(e)} noValidate>
        <ReasonPicker act="roulette.nullSpin" label={t('tableSheet.nullReason')} value={log.reason} onChange={log.setReason} testId="log-null-reason" disabled={log.busy} />
        <p className="hint">{t('tableSheet.nullHint')}</p>
        {log.direction ? (
          <p className="hint" data-testid="log-null-direction">
            {t('tableSheet.nullLaunch', { direction: t(`tableSheet.direction.${log.direction}`) })}
          </p>
        ) : null}
        <ErrorAlert error={log.reasonError} testId="log-null-error" />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={log.closeNull}>
            {t('tableSheet.cancel')}
          </button>
          <button type="submit" className="btn btn-warning" data-testid="log-null-confirm" disabled={log.busy}>
            {log.busy ? t('tableSheet.working') : t('tableSheet.nullConfirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
