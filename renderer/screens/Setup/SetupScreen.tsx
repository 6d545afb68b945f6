import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { RecoveryCodeNotice } from '../../components/RecoveryCodeNotice.js';

/** First run on an empty database: the hall and its first admin. */
export function SetupScreen({ onDone }: { onDone: (adminUsername: string) => void }) {
  const { t } = useTranslation();
  const [hallName, setHallName] = useState('');
  const [licence, setLicence] = useState('');
  const [username, setUsername] = useState('');
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [pin2, setPin2] = useState('');
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (pin !== pin2) {
      setError(t('setup.pinMismatch'));
      return;
    }
    setBusy(true);
    setError(null);
    const r = await invoke('setup.init', {
      hallName: hallName.trim(),
      ...(licence.trim() ? { licence: licence.trim() } : {}),
      admin: { username: username.trim(), name: name.trim(), pin },
    });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setRecoveryCode(r.value.recoveryCode);
  };

  if (recoveryCode) {
    return (
      <main className="screen screen-narrow">
        <RecoveryCodeNotice code={recoveryCode} onDone={() => onDone(username.trim())} />
      </main>
    );
  }

  return (
    <main className="screen screen-narrow">
      <form className="panel form" onSubmit={submit} aria-labelledby="setup-title">
        <h1 id="setup-title">{t('setup.title')}</h1>
        <p className="hint">{t('setup.intro')}</p>
        <fieldset>
          <legend>{t('setup.hall')}</legend>
          <label>
            {t('setup.hallName')}
            <input data-testid="setup-hall-name" value={hallName} onChange={(e) => setHallName(e.target.value)} required minLength={2} maxLength={80} autoFocus />
          </label>
          <label>
            {t('setup.licence')}
            <input data-testid="setup-licence" value={licence} onChange={(e) => setLicence(e.target.value)} maxLength={80} />
          </label>
        </fieldset>
        <fieldset>
          <legend>{t('setup.admin')}</legend>
          <label>
            {t('setup.username')}
            <input
              data-testid="setup-admin-username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              required
              minLength={2}
              maxLength={32}
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
            />
          </label>
          <label>
            {t('setup.name')}
            <input data-testid="setup-admin-name" value={name} onChange={(e) => setName(e.target.value)} required minLength={2} maxLength={80} />
          </label>
          <label>
            {t('setup.pin')}
            <input
              data-testid="setup-admin-pin"
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              value={pin}
              onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 8))}
              required
            />
          </label>
          <label>
            {t('setup.pin2')}
            <input
              data-testid="setup-admin-pin2"
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              value={pin2}
              onChange={(e) => setPin2(e.target.value.replace(/\D/g, '').slice(0, 8))}
              required
            />
          </label>
          <p className="hint">{t('setup.pinHint')}</p>
        </fieldset>
        <ErrorAlert error={error} />
        <button type="submit" className="btn btn-primary btn-large" data-testid="setup-submit" disabled={busy}>
          {busy ? t('common.working') : t('setup.submit')}
        </button>
      </form>
    </main>
  );
}
