import { useTranslation } from 'react-i18next';
import type { OperatorView } from '../../../core/contract.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { PinField, UsernameField } from '../../components/Credentials.js';
import { PinPad } from '../../components/PinPad.js';
import { StaffTiles } from '../../components/StaffTiles.js';
import { RecoverForm } from './RecoverForm.js';
import { useLogin } from './useLogin.js';

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
  const login = useLogin(initialUsername, onLogin);

  if (login.recovering) {
    return (
      <main className="screen screen-narrow">
        <RecoverForm initialUsername={login.username} onCancel={() => login.setRecovering(false)} onDone={login.recoveredAs} />
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
      <LoginForm login={login} notice={notice} />
    </main>
  );
}

/** The form: the staff's tiles and the username beside the PIN and its pad. */
function LoginForm({ login, notice }: { login: ReturnType<typeof useLogin>; notice: string | null }) {
  const { t } = useTranslation();
  const { username, setUsername, pin, setPin, error, busy, pinRef, userRef, pick } = login;
  return (
    <form
      className="panel form login"
      onSubmit={login.submit}
      aria-labelledby="login-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape') login.clear();
      }}
    >
      <h1 id="login-title">{t('login.title')}</h1>
      {notice && !error ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {login.recovered && !error ? (
        <p className="notice" role="status" data-testid="recovered-notice">
          {t('recovery.done')}
        </p>
      ) : null}
      <div className="login-grid">
        <div className="login-who">
          <StaffTiles prefix="login-tile" label={t('staff.loginLabel')} selected={username.trim()} disabled={busy} onSelect={pick} />
          <UsernameField label={t('login.username')} testId="login-username" value={username} onChange={setUsername} inputRef={userRef} name="username" autoComplete="username" />
        </div>
        <div className="login-pin">
          <PinField label={t('login.pin')} testId="login-pin" value={pin} onChange={setPin} inputRef={pinRef} name="pin" autoComplete="current-password" />
          {/* Above the pad, so that a refusal (a blocked user) is read where the eyes are, on a 768 px screen too. */}
          <ErrorAlert error={error} testId="login-error" />
          <PinPad value={pin} onChange={setPin} disabled={busy} />
        </div>
      </div>
      <button type="button" className="btn btn-link" data-testid="login-recover" onClick={() => login.setRecovering(true)}>
        {t('recovery.link')}
      </button>
    </form>
  );
}
