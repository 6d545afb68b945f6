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
  /** Runs the act; a refusal stays in the dialog, shown in place. */
  onConfirm: () => Promise<ClientResult<T>>;
  onDone: (value: T) => void;
  onClose: () => void;
}

/** "Are you sure?" for acts that move money or cannot be undone; the kiosk's refusal is shown inside. */
export function ConfirmDialog<T>({ title, children, confirmLabel, testId, confirmTestId, danger = false, onConfirm, onDone, onClose }: Props<T>) {
  const { t } = useTranslation();
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
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose} data-testid="confirm-cancel">
          {error ? t('common.close') : t('common.cancel')}
        </button>
        <button
          type="button"
          className={`btn btn-large ${danger ? 'btn-danger' : 'btn-primary'}`}
          data-testid={confirmTestId}
          onClick={() => void confirm()}
          disabled={busy}
          autoFocus
        >
          {busy ? t('common.working') : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
