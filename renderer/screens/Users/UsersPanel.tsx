/**
 * Admin: the hall's operators (users.list) with their roles, whether they may
 * log in and any lock-out after wrong PINs; create one, change a name or
 * roles, give a new PIN, end a lock-out, deactivate and reactivate. A PIN is
 * typed twice and never shown; what cannot be undone says what it will do
 * before it is done. The kiosk's refusals (LAST_ADMIN, USERNAME_TAKEN, ...)
 * are shown where the act was asked.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { ROLES, type Role } from '../../../core/roles.js';
import { invoke, type ClientError } from '../../client.js';
import { ConfirmDialog, DialogActions } from '../../components/ConfirmDialog.js';
import { RecoveryCodeNotice } from '../../components/RecoveryCodeNotice.js';
import { Dialog } from '../../components/Dialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery, useNow } from '../../hooks.js';
import { pinPairProblem } from '../../lib/users.js';
import { TableRegion } from '../../components/TableRegion.js';

type User = ChannelOutput<'users.list'>[number];

function RolesField({ roles, onChange, idPrefix }: { roles: Role[]; onChange: (roles: Role[]) => void; idPrefix: string }) {
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
function PinPair({ pin, again, onPin, onAgain, idPrefix }: { pin: string; again: string; onPin: (v: string) => void; onAgain: (v: string) => void; idPrefix: string }) {
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

function CreateUserForm({ onCreated }: { onCreated: (message: string) => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<Role[]>(['cashier']);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (roles.length === 0) {
      setError(t('users.rolesRequired'));
      return;
    }
    const problem = pinPairProblem(pin, again);
    if (problem) {
      setError(t(`users.${problem}`));
      return;
    }
    setBusy(true);
    setError(null);
    const r = await invoke('users.create', { username: username.trim(), name: name.trim(), roles, pin });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setUsername('');
    setName('');
    setRoles(['cashier']);
    setPin('');
    setAgain('');
    onCreated(t('users.created', { username: r.value.username, roles: r.value.roles.map((x) => t(`roles.${x}`)).join(', ') }));
  };

  return (
    <form className="form user-form" onSubmit={submit} aria-labelledby="user-create-title" noValidate>
      <h3 id="user-create-title">{t('users.createTitle')}</h3>
      <div className="settings-pair">
        <label>
          {t('users.username')}
          <input data-testid="user-username" autoComplete="off" spellCheck={false} maxLength={32} value={username} onChange={(e) => setUsername(e.target.value)} />
        </label>
        <label>
          {t('users.name')}
          <input data-testid="user-name" autoComplete="off" maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
      </div>
      <RolesField roles={roles} onChange={setRoles} idPrefix="user" />
      <PinPair pin={pin} again={again} onPin={setPin} onAgain={setAgain} idPrefix="user" />
      <p className="hint">{t('users.pinHint')}</p>
      <ErrorAlert error={error} testId="user-create-error" />
      <button type="submit" className="btn btn-primary btn-large" data-testid="user-create" disabled={busy}>
        {busy ? t('common.working') : t('users.create')}
      </button>
    </form>
  );
}

function EditUserDialog({ user, onDone, onClose }: { user: User; onDone: (message: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(user.name);
  const [roles, setRoles] = useState<Role[]>(user.roles);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (roles.length === 0) {
      setError(t('users.rolesRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    const r = await invoke('users.update', { operatorId: user.id, name: name.trim(), roles });
    setBusy(false);
    if (r.ok) onDone(t('users.updated', { username: r.value.username, roles: r.value.roles.map((x) => t(`roles.${x}`)).join(', ') }));
    else setError(r.error);
  };
  return (
    <Dialog title={t('users.editTitle', { username: user.username })} onClose={onClose} testId="user-edit-dialog">
      <form className="form" onSubmit={submit} noValidate>
        <label>
          {t('users.name')}
          <input data-testid="user-edit-name" autoComplete="off" maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <RolesField roles={roles} onChange={setRoles} idPrefix="user-edit" />
        <p className="hint">{t('users.editHint', { username: user.username })}</p>
        <ErrorAlert error={error} testId="confirm-error" />
        <DialogActions failed={error !== null} busy={busy} label={t('users.save')} testId="user-edit-save" onClose={onClose} />
      </form>
    </Dialog>
  );
}

function ResetPinDialog({ user, onDone, onClose }: { user: User; onDone: (message: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = pinPairProblem(pin, again);
    if (problem) {
      setError(t(`users.${problem}`));
      return;
    }
    setBusy(true);
    setError(null);
    const r = await invoke('users.resetPin', { operatorId: user.id, pin });
    setBusy(false);
    if (r.ok) onDone(t('users.pinReset', { username: r.value.username }));
    else setError(r.error);
  };
  return (
    <Dialog title={t('users.resetTitle', { username: user.username })} onClose={onClose} testId="user-pin-dialog">
      <form className="form" onSubmit={submit} noValidate>
        <p className="confirm-body" data-testid="user-pin-what">
          {t('users.resetWhat', { username: user.username })}
        </p>
        <PinPair pin={pin} again={again} onPin={setPin} onAgain={setAgain} idPrefix="user-reset" />
        <ErrorAlert error={error} testId="confirm-error" />
        <DialogActions failed={error !== null} busy={busy} danger label={t('users.resetConfirm')} testId="user-pin-confirm" onClose={onClose} />
      </form>
    </Dialog>
  );
}

type Acting = { type: 'edit' | 'pin' | 'deactivate' | 'reactivate'; user: User } | null;

/** Admin: the operators, and what may be done to each. `self` is the admin's own username (marked "you"). */
export function UsersPanel({ self }: { self: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const users = useKioskQuery('users.list', {});
  const now = useNow(15_000);
  const [acting, setActing] = useState<Acting>(null);
  const [done, setDone] = useState<string | null>(null);
  const [unlockError, setUnlockError] = useState<ClientError | null>(null);
  const [recoveryOpen, setRecoveryOpen] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState<string | null>(null);

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
  const open = (type: NonNullable<Acting>['type'], user: User) => {
    setDone(null);
    setUnlockError(null);
    setActing({ type, user });
  };

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
        <TableRegion name={t('users.title')}>
          <table className="table users-table">
            <thead>
              <tr>
                <th scope="col">{t('users.username')}</th>
                <th scope="col">{t('users.name')}</th>
                <th scope="col">{t('users.roles')}</th>
                <th scope="col">{t('users.state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('users.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(users.data ?? []).map((u) => {
                const locked = u.lockedUntil !== null && Date.parse(u.lockedUntil) > now.getTime();
                return (
                  <tr key={u.id} data-testid={`user-row-${u.username}`} className={u.active ? undefined : 'voided'}>
                    <th scope="row">
                      {u.username}
                      {u.username === self ? <span className="meta"> · {t('users.you')}</span> : null}
                    </th>
                    <td>{u.name}</td>
                    <td>{u.roles.map((r) => t(`roles.${r}`)).join(', ')}</td>
                    <td>
                      <span className={`badge ${u.active ? 'badge-valid' : 'badge-annulled'}`}>{u.active ? t('users.active') : t('users.inactive')}</span>
                      {locked ? (
                        <span className="badge badge-prize-unpaid" data-testid={`user-locked-${u.username}`}>
                          {t('users.lockedUntil', { time: f.shortTime(u.lockedUntil!) })}
                        </span>
                      ) : null}
                      {locked ? (
                        <button type="button" className="btn btn-small user-unlock" data-testid={`user-unlock-${u.username}`} onClick={() => void unlock(u)}>
                          {t('users.unlock')}
                        </button>
                      ) : null}
                    </td>
                    <td className="user-actions">
                      <div className="job-actions">
                        <button type="button" className="btn btn-small" data-testid={`user-edit-${u.username}`} onClick={() => open('edit', u)}>
                          {t('users.edit')}
                        </button>
                        <button type="button" className="btn btn-small" data-testid={`user-reset-${u.username}`} onClick={() => open('pin', u)}>
                          {t('users.resetPin')}
                        </button>
                        {u.active ? (
                          <button type="button" className="btn btn-small btn-danger" data-testid={`user-deactivate-${u.username}`} onClick={() => open('deactivate', u)}>
                            {t('users.deactivate')}
                          </button>
                        ) : (
                          <button type="button" className="btn btn-small" data-testid={`user-reactivate-${u.username}`} onClick={() => open('reactivate', u)}>
                            {t('users.reactivate')}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableRegion>
        <CreateUserForm onCreated={finish} />
      </div>

      {recoveryOpen ? (
        <ConfirmDialog
          title={t('recovery.newCodeTitle')}
          confirmLabel={t('recovery.newCode')}
          testId="recovery-code-dialog"
          confirmTestId="recovery-code-confirm"
          onConfirm={() => invoke('users.newRecoveryCode', {})}
          onDone={(r) => {
            setRecoveryOpen(false);
            setRecoveryCode(r.recoveryCode);
          }}
          onClose={() => setRecoveryOpen(false)}
        >
          <p>{t('recovery.newCodeWhat')}</p>
        </ConfirmDialog>
      ) : null}
      {recoveryCode ? (
        <Dialog title={t('recovery.codeTitle')} testId="recovery-code-shown" onClose={() => undefined}>
          <RecoveryCodeNotice code={recoveryCode} inDialog onDone={() => setRecoveryCode(null)} />
        </Dialog>
      ) : null}
      {acting?.type === 'edit' ? <EditUserDialog user={acting.user} onDone={finish} onClose={() => setActing(null)} /> : null}
      {acting?.type === 'pin' ? <ResetPinDialog user={acting.user} onDone={finish} onClose={() => setActing(null)} /> : null}
      {acting?.type === 'deactivate' || acting?.type === 'reactivate' ? (
        <ConfirmDialog
          title={t(acting.type === 'deactivate' ? 'users.deactivateTitle' : 'users.reactivateTitle', { username: acting.user.username })}
          confirmLabel={t(acting.type === 'deactivate' ? 'users.deactivate' : 'users.reactivate')}
          testId="user-active-dialog"
          confirmTestId="user-active-confirm"
          danger={acting.type === 'deactivate'}
          onConfirm={() => invoke('users.update', { operatorId: acting.user.id, active: acting.type === 'reactivate' })}
          onDone={(u) => finish(t(u.active ? 'users.reactivated' : 'users.deactivated', { username: u.username }))}
          onClose={() => setActing(null)}
        >
          <p data-testid="user-active-what">{t(acting.type === 'deactivate' ? 'users.deactivateWhat' : 'users.reactivateWhat', { username: acting.user.username })}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
