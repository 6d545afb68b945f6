import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorView } from '../../core/contract.js';
import { invoke, onUnauthenticated, setOperatorToken } from '../client.js';
import { idleLockMs, useIdleLock } from '../hooks.js';
import type { ScreenId } from '../lib/screens.js';

/**
 * Who works at the terminal and what they look at: the operator, the screen chosen, the print queue's panel; the
 * lock (asked, idle, or the kiosk no longer knowing the operator) ends it, keeping the last user's name for the login.
 */
export function useOperatorSession() {
  const { t } = useTranslation();
  const [operator, setOperator] = useState<OperatorView | null>(null);
  const [screen, setScreen] = useState<ScreenId | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [lastUser, setLastUser] = useState('');
  const [jobsOpen, setJobsOpen] = useState(false);

  const operatorRef = useRef<OperatorView | null>(null);
  useEffect(() => {
    operatorRef.current = operator;
  }, [operator]);

  const signOut = useCallback((message: string | null) => {
    setOperatorToken(undefined);
    if (operatorRef.current) setLastUser(operatorRef.current.username);
    setOperator(null);
    setScreen(null);
    setJobsOpen(false);
    setNotice(message);
  }, []);

  useEffect(() => onUnauthenticated((error) => signOut(error.message)), [signOut]);

  const lock = useCallback(
    async (message: string | null) => {
      // Lock locally whatever the kiosk answers: the screen must not stay open.
      await invoke('auth.logout', {});
      signOut(message);
    },
    [signOut],
  );

  useIdleLock(operator !== null, () => void lock(t('app.idleLocked')), idleLockMs());

  return {
    operator,
    screen,
    setScreen,
    notice,
    lastUser,
    setLastUser,
    jobsOpen,
    setJobsOpen,
    lock,
    /** Signed in: a transition, so the login stays up until the first screen's chunk is in. */
    signIn: (op: OperatorView) =>
      startTransition(() => {
        setNotice(null);
        setOperator(op);
        setScreen(null);
      }),
  };
}
