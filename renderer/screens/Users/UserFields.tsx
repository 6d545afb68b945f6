/** The parts the user forms share: the roles' boxes, the PIN typed twice, and a form's act (checked, then sent once at a time). */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../../core/roles.js';
import type { ClientError, ClientResult } from '../../client.js';

export function RolesField({ roles, onChange, idPrefix }: { roles: Role[]; onChange: (roles: Role[]) => void; idPrefix: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="user-roles">
      <legend>{t('users.roles')}</legend>
      {ROLES.map((r) => (
        <label key={r} className="check-label">
          <input
            type="checkbox"
            data-testid={`${idPrefix}-role-${r}`}
            checked={roles.includes(r)}
            onChange={(e) => onChange(e.target.checked ? ROLES.filter((x) => x === r || roles.includes(x)) : roles.filter((x) => x !== r))}
          />
          {t(`roles.${r}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** Two PIN fields (password, digits only): the same PIN twice. */
export function PinPair({ pin, again, onPin, onAgain, idPrefix }: { pin: string; again: string; onPin: (v: string) => void; onAgain: (v: string) => void; idPrefix: string }) {
  const { t } = useTranslation();
  const digits = (v: string) => v.replace(/\D/g, '').slice(0, 8);
  return (
    <div className="settings-pair">
      <label>
        {t('users.pin')}
        <input type="password" inputMode="numeric" autoComplete="new-password" data-testid={`${idPrefix}-pin`} value={pin} onChange={(e) => onPin(digits(e.target.value))} />
      </label>
      <label>
        {t('users.pinAgain')}
        <input type="password" inputMode="numeric" autoComplete="new-password" data-testid={`${idPrefix}-pin-again`} value={again} onChange={(e) => onAgain(digits(e.target.value))} />
      </label>
    </div>
  );
}

/**
 * A user form's act: what is wrong before sending is said and nothing sent;
 * then the call, once at a time; a refusal is shown in the form. Gives the
 * answer's value, or undefined when nothing was done.
 */
export function useUserAct() {
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async <T,>(e: FormEvent, problem: string | null, call: () => Promise<ClientResult<T>>): Promise<T | undefined> => {
    e.preventDefault();
    if (busy) return undefined;
    if (problem) {
      setError(problem);
      return undefined;
    }
    setBusy(true);
    setError(null);
    const r = await call();
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return undefined;
    }
    return r.value;
  };
  return { error, busy, run };
}
