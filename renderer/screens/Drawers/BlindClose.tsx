import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawerView } from '../../../core/drawers/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ApprovalDialog } from '../../components/ApprovalDialog.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { CountForm } from './CountForm.js';
import { type Closed, type Counted, closeInput } from './drawer.js';
import { ResultRows } from './ResultRows.js';

/**
 * The blind close: the count by denomination, what the close will do, and,
 * when the variance is over the hall's threshold, the count recorded as final
 * and its figures (expected, counted, variance) shown to the manager who
 * accepts it with a reason and his PIN. Nothing is shown before the count is on record.
 */
export function BlindClose({ drawer, onClosed, onCancel }: { drawer: DrawerView; onClosed: (closed: Closed) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const recorded = drawer.recordedCount;
  const [counted, setCounted] = useState<Counted | null>(
    recorded
      ? {
          map: recorded.countedByDenomination,
          cents: recorded.countedCents,
          chips: recorded.countedChipsByValue ? { map: recorded.countedChipsByValue, cents: 0 } : null,
        }
      : null,
  );
  const [confirming, setConfirming] = useState(false);
  const [awaiting, setAwaiting] = useState<Closed | null>(null);
  const [asking, setAsking] = useState(false);
  const [askError, setAskError] = useState<ClientError | null>(null);

  const settle = (value: Closed) => {
    if (value.status === 'closed') onClosed(value);
    else setAwaiting(value);
  };
  // A count on record (this screen reloaded, another operator): its figures again, for the manager.
  const askAcceptance = async () => {
    if (!counted || asking) return;
    setAsking(true);
    setAskError(null);
    const r = await invoke('drawer.close', closeInput(counted));
    setAsking(false);
    if (r.ok) settle(r.value);
    else setAskError(r.error);
  };

  return (
    <section className="panel" data-testid="drawer-blind-close">
      {recorded ? (
        <div className="recorded-count" data-testid="drawer-recorded">
          <h2>{t('drawer.closeTitle', { id: drawer.drawerId })}</h2>
          <p className="notice">{t('drawer.recordedText', { at: f.dateTime(recorded.at), operator: recorded.countedBy, counted: f.money(recorded.countedCents) })}</p>
          <div className="count-actions">
            <button type="button" className="btn btn-large" onClick={onCancel} data-testid="drawer-recorded-back">
              {t('common.back')}
            </button>
            <button type="button" className="btn btn-primary btn-large" data-testid="drawer-recorded-accept" disabled={asking} onClick={() => void askAcceptance()}>
              {asking ? t('common.working') : t('drawer.recordedAccept')}
            </button>
          </div>
          <ErrorAlert error={askError} testId="drawer-recorded-error" />
        </div>
      ) : (
        <CountForm
          prefix="close"
          title={t('drawer.closeTitle', { id: drawer.drawerId })}
          hint={t('drawer.closeHint')}
          submitLabel={t('drawer.closeSubmit')}
          chips={drawer.holdsChips ? 'required' : 'off'}
          onCancel={onCancel}
          onSubmit={(map, cents, chips) => {
            setCounted({ map, cents, chips });
            setConfirming(true);
          }}
        />
      )}
      {confirming && counted ? (
        <ConfirmDialog
          title={t('drawer.confirmTitle', { id: drawer.drawerId })}
          confirmLabel={t('drawer.confirm')}
          testId="drawer-close-dialog"
          confirmTestId="drawer-close-confirm"
          danger
          onConfirm={() => invoke('drawer.close', closeInput(counted))}
          onDone={(value) => {
            setConfirming(false);
            settle(value);
          }}
          onClose={() => setConfirming(false)}
        >
          <p className="confirm-amount" data-testid="drawer-confirm-counted">
            {f.money(counted.cents)}
          </p>
          {counted.chips ? (
            <p className="confirm-amount" data-testid="drawer-confirm-chips">
              {t('drawer.confirmChips', { chips: f.money(counted.chips.cents) })}
            </p>
          ) : null}
          <p>{t('drawer.confirmText', { counted: f.money(counted.cents) })}</p>
        </ConfirmDialog>
      ) : null}
      {awaiting && counted ? (
        <ApprovalDialog
          title={t('drawer.approvalTitle')}
          explain={t('drawer.approvalExplain', { threshold: f.money(awaiting.thresholdCents) })}
          submitLabel={t('drawer.approvalSubmit')}
          testId="drawer-approval-dialog"
          reason={{ label: t('drawer.approvalReason'), act: 'drawer.variance' }}
          onSubmit={(a, reason) => invoke('drawer.close', { ...closeInput(counted), approval: a, reason })}
          onDone={(value) => {
            setAwaiting(null);
            onClosed(value);
          }}
          onClose={() => setAwaiting(null)}
        >
          <table className="table drawer-result approval-figures" data-testid="drawer-approval-figures">
            <tbody>
              <ResultRows
                labels={['drawer.expected', 'drawer.counted', 'drawer.variance']}
                testIds={['approval-expected', 'approval-counted', 'approval-variance']}
                result={awaiting}
              />
              {awaiting.chips ? (
                <ResultRows
                  labels={['drawer.chipsExpected', 'drawer.chipsCounted', 'drawer.chipsVariance']}
                  testIds={['approval-chips-expected', 'approval-chips-counted', 'approval-chips-variance']}
                  result={awaiting.chips}
                />
              ) : null}
            </tbody>
          </table>
        </ApprovalDialog>
      ) : null}
    </section>
  );
}
