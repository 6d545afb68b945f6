/**
 * A username and a PIN, as the login and a manager's approval ask them: the
 * staff's tiles or the typed name, then the PIN from the field or the pad. A
 * refusal is shown in place, the PIN cleared and the PIN field focused.
 */
import { useRef, useState, type RefObject } from 'react';
import type { ClientError, ClientResult } from '../client.js';

export function useCredentials(initialUsername = '') {
  const [username, setUsername] = useState(initialUsername);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);
  const pinRef = useRef<HTMLInputElement>(null);

  /** A tile picked: its PIN is asked next, afresh. */
  const pick = (picked: string) => {
    setUsername(picked);
    setPin('');
    setError(null);
    pinRef.current?.focus();
  };

  /** Sends the credentials; on a refusal, says why, clears the PIN and asks it again (undefined then). */
  const attempt = async <T,>(call: () => Promise<ClientResult<T>>): Promise<{ value: T } | undefined> => {
    setBusy(true);
    setError(null);
    const r = await call();
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      setPin('');
      pinRef.current?.focus();
      return undefined;
    }
    return { value: r.value };
  };

  return { username, setUsername, pin, setPin, error, setError, busy, pinRef, pick, attempt };
}

interface FieldProps {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** The form field's name (the login's, for the browser's password manager). */
  name?: string;
  autoComplete: string;
}

export function UsernameField({ label, testId, value, onChange, inputRef, name, autoComplete }: FieldProps) {
  return (
    <label>
      {label}
      <input
        ref={inputRef}
        data-testid={testId}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoCapitalize="none"
        autoComplete={autoComplete}
        spellCheck={false}
        maxLength={32}
      />
    </label>
  );
}

/** Digits only, at most 8: what a PIN is. */
export function PinField({ label, testId, value, onChange, inputRef, name, autoComplete }: FieldProps) {
  return (
    <label>
      {label}
      <input
        ref={inputRef}
        data-testid={testId}
        name={name}
        type="password"
        inputMode="numeric"
        autoComplete={autoComplete}
        className="pin-field"
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 8))}
      />
    </label>
  );
}
