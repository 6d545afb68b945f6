import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawerView } from '../../../core/drawers/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ApprovalDialog } from '../../components/ApprovalDialog.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { CountForm } from '../../components/CountForm.js';
import { type Closed, type Counted, closeInput } from './drawer.js';
import { ResultTable } from './ResultRows.js';

/** The count as it stands: the one on record (this screen reloaded, another operator), else none yet. */
const recordedCounted = (drawer: DrawerView): Counted | null => {
  const recorded = drawer.recordedCount;
  return recorded
    ? {
        map: recorded.countedByDenomination,
        cents: recorded.countedCents,
        chips: recorded.countedChipsByValue ? { map: recorded.countedChipsByValue, cents: 0 } : null,
      }
    : null;
};

/** The blind close's state and acts: the count, its confirmation, the manager's acceptance of its variance. */
function useBlindClose(drawer: DrawerView, onClosed: (closed: Closed) => void) {
  const [counted, setCounted] = useState<Counted | null>(() => recordedCounted(drawer));
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
  const count = (c: Counted) => {
    setCounted(c);
    setConfirming(true);
  };
  const confirmed = (value: Closed) => {
    setConfirming(false);
    settle(value);
  };
  return { counted, confirming, setConfirming, awaiting, setAwaiting, asking, askError, askAcceptance, count, confirmed };
}

/**
 * The blind close: the count by denomination, what the close will do, and,
 * when the variance is over the hall's threshold, the count recorded as final
 * and its figures (expected, counted, variance) shown to the manager who
 * accepts it with a reason and his PIN. Nothing is shown before the count is on record.
 */
export function BlindClose({ drawer, onClosed, onCancel }: { drawer: DrawerView; onClosed: (closed: Closed) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const close = useBlindClose(drawer, onClosed);
  const { counted, awaiting } = close;

  return (
    <section className="panel" data-testid="drawer-blind-close">
      {drawer.recordedCount ? (
        <RecordedCount drawer={drawer} asking={close.asking} askError={close.askError} onAccept={() => void close.askAcceptance()} onCancel={onCancel} />
      ) : (
        <CountForm
          prefix="close"
          title={t('drawer.closeTitle', { id: drawer.drawerId })}
          hint={t('drawer.closeHint')}
          submitLabel={t('drawer.closeSubmit')}
          chips={drawer.holdsChips ? 'required' : 'off'}
          onCancel={onCancel}
          onSubmit={(map, cents, chips) => close.count({ map, cents, chips })}
        />
      )}
      {close.confirming && counted ? <CloseConfirm drawerId={drawer.drawerId} counted={counted} onDone={close.confirmed} onClose={() => close.setConfirming(false)} /> : null}
      {awaiting && counted ? (
        <VarianceApproval
          counted={counted}
          awaiting={awaiting}
          onDone={(value) => {
            close.setAwaiting(null);
            onClosed(value);
          }}
          onClose={() => close.setAwaiting(null)}
        />
      ) : null}
    </section>
  );
}

/** A count on record: who counted what and when, and the manager's acceptance asked for again. */
function RecordedCount({ drawer, asking, askError, onAccept, onCancel }: { drawer: DrawerView; asking: boolean; askError: ClientError | null; onAccept: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const recorded = drawer.recordedCount!;
  return (
    <div className="recorded-count" data-testid="drawer-recorded">
      <h2>{t('drawer.closeTitle', { id: drawer.drawerId })}</h2>
      <p className="notice">{t('drawer.recordedText', { at: f.dateTime(recorded.at), operator: recorded.countedBy, counted: f.money(recorded.countedCents) })}</p>
      <div className="count-actions">
        <button type="button" className="btn btn-large" onClick={onCancel} data-testid="drawer-recorded-back">
          {t('common.back')}
        </button>
        <button type="button" className="btn btn-primary btn-large" data-testid="drawer-recorded-accept" disabled={asking} onClick={onAccept}>
          {asking ? t('common.working') : t('drawer.recordedAccept')}
        </button>
      </div>
      <ErrorAlert error={askError} testId="drawer-recorded-error" />
    </div>
  );
}

/** The close said before it is done: the cash counted, and the chips when the drawer held them. */
function CloseConfirm({ drawerId, counted, onDone, onClose }: { drawerId: number; counted: Counted; onDone: (value: Closed) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <ConfirmDialog
      title={t('drawer.confirmTitle', { id: drawerId })}
      confirmLabel={t('drawer.confirm')}
      testId="drawer-close-dialog"
      confirmTestId="drawer-close-confirm"
      danger
      onConfirm={() => invoke('drawer.close', closeInput(counted))}
      onDone={onDone}
      onClose={onClose}
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
  );
}

/** A variance over the hall's threshold: its figures, accepted by a manager with a reason and his PIN. */
function VarianceApproval({ counted, awaiting, onDone, onClose }: { counted: Counted; awaiting: Closed; onDone: (value: Closed) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <ApprovalDialog
      title={t('drawer.approvalTitle')}
      explain={t('drawer.approvalExplain', { threshold: f.money(awaiting.thresholdCents) })}
      submitLabel={t('drawer.approvalSubmit')}
      testId="drawer-approval-dialog"
      reason={{ label: t('drawer.approvalReason'), act: 'drawer.variance' }}
      onSubmit={(a, reason) => invoke('drawer.close', { ...closeInput(counted), approval: a, reason })}
      onDone={onDone}
      onClose={onClose}
    >
      <ResultTable prefix="approval" result={awaiting} className="table drawer-result approval-figures" testId="drawer-approval-figures" />
    </ApprovalDialog>
  );
}
