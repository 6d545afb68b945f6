import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { Dialog } from '../../components/Dialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { PinPad } from '../../components/PinPad.js';

interface Props {
  gameId: number;
  gameNumber: number;
  onClose: () => void;
  onVoided: (result: ChannelOutput<'sale.voidLast'>) => void;
}

/** "Anular última venda": needs a manager's username and PIN (autorização do gerente). */
export function VoidDialog({ gameId, gameNumber, onClose, onVoided }: Props) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);
  const pinRef = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (username.trim() === '' || pin === '') {
      setError(t('void.missing'));
      return;
    }
    setBusy(true);
    setError(null);
    const r = await invoke('sale.voidLast', { gameId, approval: { username: username.trim(), pin } });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      setPin('');
      pinRef.current?.focus();
      return;
    }
    onVoided(r.value);
  };

  return (
    <Dialog title={t('void.title')} onClose={onClose} testId="void-dialog">
      <form className="form" onSubmit={submit}>
        <p className="hint">{t('void.explain', { number: gameNumber })}</p>
        <label>
          {t('void.username')}
          <input
            data-testid="approval-username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
          />
        </label>
        <label>
          {t('void.pin')}
          <input
            ref={pinRef}
            data-testid="approval-pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            className="pin-field"
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 8))}
          />
        </label>
        <PinPad value={pin} onChange={setPin} showEnter={false} disabled={busy} />
        <ErrorAlert error={error} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} data-testid="approval-cancel">
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-danger btn-large" data-testid="approval-submit" disabled={busy}>
            {busy ? t('common.working') : t('void.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
