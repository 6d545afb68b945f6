import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReasonAct } from '../../core/reasons/rules.js';
import type { ClientResult } from '../client.js';
import { PinField, UsernameField, useCredentials } from './Credentials.js';
import { Dialog } from './Dialog.js';
import { ErrorAlert } from './ErrorAlert.js';
import { PinPad } from './PinPad.js';
import { ReasonPicker } from './ReasonPicker.js';
import { StaffTiles } from './StaffTiles.js';
import { useKioskQuery } from '../hooks.js';

export interface Approval {
  username: string;
  pin: string;
}

interface Props<T> {
  title: string;
  explain: string;
  submitLabel: string;
  testId: string;
  /** When given, the dialog also asks why the manager approves: the hall's reasons for the act, or words typed under "Outro…". */
  reason?: { label: string; act: ReasonAct };
  /** What the manager approves, shown above his name and PIN (the figures of a variance). */
  children?: ReactNode;
  /** Sends the approval (and the reason, when asked); a refusal is shown in the dialog and the PIN cleared. */
  onSubmit: (approval: Approval, reason: string) => Promise<ClientResult<T>>;
  onDone: (value: T) => void;
  onClose: () => void;
}

/** A manager's username and PIN for an act that needs it (autorização do gerente). */
export function ApprovalDialog<T>({ title, explain, submitLabel, testId, reason: asked, children, onSubmit, onDone, onClose }: Props<T>) {
  const { t } = useTranslation();
  const { username, setUsername, pin, setPin, error, setError, busy, pinRef, pick, attempt } = useCredentials();
  const [reason, setReason] = useState('');
  // The operator never approves his own act: his tile is not offered.
  const me = useKioskQuery('auth.me', {});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (username.trim() === '' || pin === '') {
      setError(t('approval.missing'));
      return;
    }
    if (asked !== undefined && reason.trim().length < 3) {
      setError(t('approval.reasonMissing'));
      return;
    }
    const done = await attempt(() => onSubmit({ username: username.trim(), pin }, reason.trim()));
    if (done) onDone(done.value);
  };

  return (
    <Dialog title={title} onClose={onClose} testId={testId}>
      <form className="form approval-form" onSubmit={submit}>
        <div className="approval-grid">
          <div className="approval-what">
            <p className="hint">{explain}</p>
            {children}
            {asked !== undefined ? <ReasonPicker act={asked.act} label={asked.label} value={reason} onChange={setReason} testId="approval-reason" disabled={busy} /> : null}
            <StaffTiles
              prefix="approval-tile"
              label={t('staff.approvalLabel')}
              filter={(m) => m.approver && m.username !== me.data?.username}
              selected={username.trim()}
              disabled={busy}
              onSelect={pick}
            />
            <UsernameField label={t('approval.username')} testId="approval-username" value={username} onChange={setUsername} autoComplete="off" />
          </div>
          <div className="approval-pin">
            <PinField label={t('approval.pin')} testId="approval-pin" value={pin} onChange={setPin} inputRef={pinRef} autoComplete="off" />
            <PinPad value={pin} onChange={setPin} showEnter={false} disabled={busy} />
          </div>
        </div>
        <ErrorAlert error={error} testId="approval-error" />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} data-testid="approval-cancel">
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-danger btn-large" data-testid="approval-submit" disabled={busy}>
            {busy ? t('common.working') : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
