import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorView } from '../../../core/contract.js';
import { invoke, setOperatorToken, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { PinPad } from '../../components/PinPad.js';
import { StaffTiles } from '../../components/StaffTiles.js';
import { RecoverForm } from './RecoverForm.js';

interface LoginProps {
  onLogin: (operator: OperatorView) => void;
  /** Why the screen was locked (e.g. the session expired), shown once. */
  notice?: string | null;
  initialUsername?: string;
  /** 'other': the data folder's PIN key is not the PINs' own (lost, or another hall's): no PIN can be checked. */
  pinKey?: 'ok' | 'other';
}

/** Username + PIN (on-screen pad or keyboard). Errors from the kiosk are shown in place. */
export function LoginScreen({ onLogin, notice = null, initialUsername = '', pinKey = 'ok' }: LoginProps) {
  const { t } = useTranslation();
  const [recovering, setRecovering] = useState(false);
  const [recovered, setRecovered] = useState(false);
  const [username, setUsername] = useState(initialUsername);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);
  const userRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    (initialUsername ? pinRef : userRef).current?.focus();
  }, [initialUsername]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    if (username.trim() === '') {
      setError(t('login.usernameRequired'));
      userRef.current?.focus();
      return;
    }
    if (pin === '') {
      // Enter in the username field moves on to the PIN.
      if (document.activeElement !== userRef.current) setError(t('login.pinRequired'));
      pinRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const r = await invoke('auth.login', { username: username.trim(), pin });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      setPin('');
      pinRef.current?.focus();
      return;
    }
    setOperatorToken(r.value.operatorToken);
    onLogin(r.value.operator);
  };

  if (recovering) {
    return (
      <main className="screen screen-narrow">
        <RecoverForm
          initialUsername={username}
          onCancel={() => setRecovering(false)}
          onDone={(admin) => {
            setUsername(admin);
            setRecovering(false);
            setRecovered(true);
            setPin('');
            setError(null);
          }}
        />
      </main>
    );
  }

  return (
    <main className="screen screen-login">
      {pinKey === 'other' ? (
        <p className="alert" role="alert" data-testid="pin-key-missing">
          {t('recovery.keyMissing')}
        </p>
      ) : null}
      <form
        className="panel form login"
        onSubmit={submit}
        aria-labelledby="login-title"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            setPin('');
            setError(null);
          }
        }}
      >
        <h1 id="login-title">{t('login.title')}</h1>
        {notice && !error ? (
          <p className="notice" role="status">
            {notice}
          </p>
        ) : null}
        {recovered && !error ? (
          <p className="notice" role="status" data-testid="recovered-notice">
            {t('recovery.done')}
          </p>
        ) : null}
        <div className="login-grid">
          <div className="login-who">
            <StaffTiles
              prefix="login-tile"
              label={t('staff.loginLabel')}
              selected={username.trim()}
              disabled={busy}
              onSelect={(u) => {
                setUsername(u);
                setPin('');
                setError(null);
                pinRef.current?.focus();
              }}
            />
            <label>
              {t('login.username')}
              <input
                ref={userRef}
                data-testid="login-username"
                name="username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                autoCapitalize="none"
                autoComplete="username"
                spellCheck={false}
                maxLength={32}
              />
            </label>
          </div>
          <div className="login-pin">
            <label>
              {t('login.pin')}
              <input
                ref={pinRef}
                data-testid="login-pin"
                name="pin"
                type="password"
                inputMode="numeric"
                autoComplete="current-password"
                className="pin-field"
                value={pin}
                onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 8))}
              />
            </label>
            {/* Above the pad, so that a refusal (a blocked user) is read where the eyes are, on a 768 px screen too. */}
            <ErrorAlert error={error} testId="login-error" />
            <PinPad value={pin} onChange={setPin} disabled={busy} />
          </div>
        </div>
        <button type="button" className="btn btn-link" data-testid="login-recover" onClick={() => setRecovering(true)}>
          {t('recovery.link')}
        </button>
      </form>
    </main>
  );
}
