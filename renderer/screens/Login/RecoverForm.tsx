import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { RecoveryCodeNotice } from '../../components/RecoveryCodeNotice.js';

/**
 * An admin gets back in with the recovery code written down at setup: a new
 * PIN, and a new code to write down (the one used is spent). For a hall
 * whose admins are all blocked, or whose PIN key was lost.
 */
export function RecoverForm({ initialUsername, onDone, onCancel }: { initialUsername: string; onDone: (username: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState(initialUsername);
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  const [pin2, setPin2] = useState('');
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);
  const [newCode, setNewCode] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (pin !== pin2) {
      setError(t('setup.pinMismatch'));
      return;
    }
    setBusy(true);
    setError(null);
    const r = await invoke('auth.recover', { username: username.trim(), recoveryCode: code, pin });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      codeRef.current?.focus();
      return;
    }
    setNewCode(r.value.recoveryCode);
  };

  if (newCode) return <RecoveryCodeNotice code={newCode} onDone={() => onDone(username.trim())} />;
  return (
    <form className="panel form login" onSubmit={submit} aria-labelledby="recover-title" data-testid="recover-form">
      <h1 id="recover-title">{t('recovery.title')}</h1>
      <p className="hint">{t('recovery.intro')}</p>
      <label>
        {t('login.username')}
        <input data-testid="recover-username" value={username} onChange={(e) => setUsername(e.target.value)} autoCapitalize="none" spellCheck={false} maxLength={32} required />
      </label>
      <label>
        {t('recovery.code')}
        <input
          ref={codeRef}
          data-testid="recover-code"
          value={code}
          onChange={(e) => setCode(e.target.value.slice(0, 40))}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder="XXXXX-XXXXX-XXXXX-XXXXX"
          required
          autoFocus
        />
      </label>
      <label>
        {t('recovery.newPin')}
        <input data-testid="recover-pin" type="password" inputMode="numeric" autoComplete="new-password" value={pin} onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 8))} required />
      </label>
      <label>
        {t('setup.pin2')}
        <input data-testid="recover-pin2" type="password" inputMode="numeric" autoComplete="new-password" value={pin2} onChange={(e) => setPin2(e.target.value.replace(/\D/g, '').slice(0, 8))} required />
      </label>
      <ErrorAlert error={error} />
      <div className="form-actions">
        <button type="button" className="btn" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" data-testid="recover-submit" disabled={busy}>
          {busy ? t('common.working') : t('recovery.submit')}
        </button>
      </div>
    </form>
  );
}
