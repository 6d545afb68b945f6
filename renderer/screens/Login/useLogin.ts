import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorView } from '../../../core/contract.js';
import { invoke, setOperatorToken } from '../../client.js';
import { useCredentials } from '../../components/Credentials.js';

/** The login's state and acts: the credentials, their check before the kiosk's, and the way back from a recovery. */
export function useLogin(initialUsername: string, onLogin: (operator: OperatorView) => void) {
  const { t } = useTranslation();
  const credentials = useCredentials(initialUsername);
  const { username, setUsername, pin, setPin, setError, busy, pinRef, attempt } = credentials;
  const [recovering, setRecovering] = useState(false);
  const [recovered, setRecovered] = useState(false);
  const userRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    (initialUsername ? pinRef : userRef).current?.focus();
  }, [initialUsername, pinRef]);

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
    const done = await attempt(() => invoke('auth.login', { username: username.trim(), pin }));
    if (!done) return;
    setOperatorToken(done.value.operatorToken);
    onLogin(done.value.operator);
  };

  /** The admin got back in with the recovery code: his name is filled, his new PIN asked. */
  const recoveredAs = (admin: string) => {
    setUsername(admin);
    setRecovering(false);
    setRecovered(true);
    setPin('');
    setError(null);
  };

  /** Escape clears the PIN and the refusal. */
  const clear = () => {
    setPin('');
    setError(null);
  };

  return { ...credentials, userRef, submit, recovering, setRecovering, recovered, recoveredAs, clear };
}
