/**
 * Admin: the hall's operators (users.list) with their roles, whether they may
 * log in and any lock-out after wrong PINs; create one, change a name or
 * roles, give a new PIN, end a lock-out, deactivate and reactivate. A PIN is
 * typed twice and never shown; what cannot be undone says what it will do
 * before it is done. The kiosk's refusals (LAST_ADMIN, USERNAME_TAKEN, ...)
 * are shown where the act was asked.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { RecoveryCodeNotice } from '../../components/RecoveryCodeNotice.js';
import { Dialog } from '../../components/Dialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useKioskQuery, useNow } from '../../hooks.js';
import { CreateUserForm, EditUserDialog, ResetPinDialog, type User } from './UserForms.js';
import { UsersTable, type UserAct } from './UsersTable.js';

type Acting = { type: UserAct; user: User } | null;

/** The panel's state and acts: the users, the act under way, the last one's words, a lock-out ended. */
function useUsersPanel() {
  const { t } = useTranslation();
  const users = useKioskQuery('users.list', {});
  const [acting, setActing] = useState<Acting>(null);
  const [done, setDone] = useState<string | null>(null);
  const [unlockError, setUnlockError] = useState<ClientError | null>(null);

  const finish = (message: string) => {
    setActing(null);
    setDone(message);
    void users.reload();
  };
  const unlock = async (u: User) => {
    setDone(null);
    setUnlockError(null);
    const r = await invoke('users.unlock', { operatorId: u.id });
    if (r.ok) finish(t('users.unlocked', { username: u.username }));
    else setUnlockError(r.error);
  };
  const open = (type: UserAct, user: User) => {
    setDone(null);
    setUnlockError(null);
    setActing({ type, user });
  };
  return { users, acting, close: () => setActing(null), done, unlockError, finish, unlock, open };
}

/** Admin: the operators, and what may be done to each. `self` is the admin's own username (marked "you"). */
export function UsersPanel({ self }: { self: string }) {
  const { t } = useTranslation();
  const now = useNow(15_000);
  const { users, acting, close, done, unlockError, finish, unlock, open } = useUsersPanel();
  const [recoveryOpen, setRecoveryOpen] = useState(false);

  return (
    <section className="panel users-panel" aria-labelledby="users-title" data-testid="users-panel">
      <div className="panel-head">
        <h2 id="users-title">{t('users.title')}</h2>
        <p className="meta">{t('users.count', { count: users.data?.filter((u) => u.active).length ?? 0 })}</p>
        <button type="button" className="btn btn-small" data-testid="user-new-recovery-code" onClick={() => setRecoveryOpen(true)}>
          {t('recovery.newCode')}
        </button>
      </div>
      {done ? (
        <p className="success" role="status" data-testid="users-result">
          {done}
        </p>
      ) : null}
      <ErrorAlert error={users.error} testId="users-load-error" />
      <ErrorAlert error={unlockError} testId="users-error" />
      <div className="users-layout">
        <UsersTable users={users.data ?? []} self={self} now={now} onUnlock={(u) => void unlock(u)} onAct={open} />
        <CreateUserForm onCreated={finish} />
      </div>
      <NewRecoveryCode open={recoveryOpen} onClose={() => setRecoveryOpen(false)} />
      {acting?.type === 'edit' ? <EditUserDialog user={acting.user} onDone={finish} onClose={close} /> : null}
      {acting?.type === 'pin' ? <ResetPinDialog user={acting.user} onDone={finish} onClose={close} /> : null}
      {acting?.type === 'deactivate' || acting?.type === 'reactivate' ? <ActiveDialog type={acting.type} user={acting.user} onDone={finish} onClose={close} /> : null}
    </section>
  );
}

/** A new recovery code for the hall: asked first, then shown once to be written down. */
function NewRecoveryCode({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState<string | null>(null);
  return (
    <>
      {open ? (
        <ConfirmDialog
          title={t('recovery.newCodeTitle')}
          confirmLabel={t('recovery.newCode')}
          testId="recovery-code-dialog"
          confirmTestId="recovery-code-confirm"
          onConfirm={() => invoke('users.newRecoveryCode', {})}
          onDone={(r) => {
            onClose();
            setCode(r.recoveryCode);
          }}
          onClose={onClose}
        >
          <p>{t('recovery.newCodeWhat')}</p>
        </ConfirmDialog>
      ) : null}
      {code ? (
        <Dialog title={t('recovery.codeTitle')} testId="recovery-code-shown" onClose={() => undefined}>
          <RecoveryCodeNotice code={code} inDialog onDone={() => setCode(null)} />
        </Dialog>
      ) : null}
    </>
  );
}

/** Deactivate or reactivate a user, saying first what it will do. */
function ActiveDialog({ type, user, onDone, onClose }: { type: 'deactivate' | 'reactivate'; user: User; onDone: (message: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t(type === 'deactivate' ? 'users.deactivateTitle' : 'users.reactivateTitle', { username: user.username })}
      confirmLabel={t(type === 'deactivate' ? 'users.deactivate' : 'users.reactivate')}
      testId="user-active-dialog"
      confirmTestId="user-active-confirm"
      danger={type === 'deactivate'}
      onConfirm={() => invoke('users.update', { operatorId: user.id, active: type === 'reactivate' })}
      onDone={(u) => onDone(t(u.active ? 'users.reactivated' : 'users.deactivated', { username: u.username }))}
      onClose={onClose}
    >
      <p data-testid="user-active-what">{t(type === 'deactivate' ? 'users.deactivateWhat' : 'users.reactivateWhat', { username: user.username })}</p>
    </ConfirmDialog>
  );
}
