import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientError, ClientResult } from '../client.js';
import { Dialog } from './Dialog.js';
import { ErrorAlert } from './ErrorAlert.js';

interface Props<T> {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  testId: string;
  /** `confirm` button's test id. */
  confirmTestId: string;
  danger?: boolean;
  /** The act waits for something the dialog asks (a cheque's number): its button stays off. */
  blocked?: boolean;
  /** Runs the act; a refusal stays in the dialog, shown in place. */
  onConfirm: () => Promise<ClientResult<T>>;
  onDone: (value: T) => void;
  onClose: () => void;
}

/**
 * A dialog's two buttons: cancel (close, once refused) and the act, busy while
 * it runs. Without `onConfirm` the act submits the dialog's form.
 */
export function DialogActions(p: {
  failed: boolean;
  busy: boolean;
  blocked?: boolean;
  danger?: boolean;
  label: string;
  testId: string;
  onClose: () => void;
  onConfirm?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="dialog-actions">
      <button type="button" className="btn" onClick={p.onClose} data-testid="confirm-cancel">
        {p.failed ? t('common.close') : t('common.cancel')}
      </button>
      <button
        type={p.onConfirm ? 'button' : 'submit'}
        className={`btn btn-large ${p.danger ? 'btn-danger' : 'btn-primary'}`}
        data-testid={p.testId}
        onClick={p.onConfirm}
        disabled={p.busy || p.blocked === true}
        autoFocus={p.onConfirm !== undefined}
      >
        {p.busy ? t('common.working') : p.label}
      </button>
    </div>
  );
}

/** "Are you sure?" for acts that move money or cannot be undone; the kiosk's refusal is shown inside. */
export function ConfirmDialog<T>({ title, children, confirmLabel, testId, confirmTestId, danger = false, blocked = false, onConfirm, onDone, onClose }: Props<T>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | null>(null);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const r = await onConfirm();
    setBusy(false);
    if (r.ok) onDone(r.value);
    else setError(r.error);
  };
  return (
    <Dialog title={title} onClose={onClose} testId={testId}>
      <div className="confirm-body">{children}</div>
      <ErrorAlert error={error} testId="confirm-error" />
      <DialogActions failed={error !== null} busy={busy} blocked={blocked} danger={danger} label={confirmLabel} testId={confirmTestId} onClose={onClose} onConfirm={() => void confirm()} />
    </Dialog>
  );
}
