/** Create a user; change one's name and roles; give one a new PIN. The kiosk's refusals are shown in the form. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import type { Role } from '../../../core/roles.js';
import { invoke } from '../../client.js';
import { DialogActions } from '../../components/ConfirmDialog.js';
import { Dialog } from '../../components/Dialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { pinPairProblem } from '../../lib/users.js';
import { PinPair, RolesField, useUserAct } from './UserFields.js';

export type User = ChannelOutput<'users.list'>[number];

/** What stops a form before it is sent: no role, or a PIN pair that does not hold (in the operator's words). */
function useProblems() {
  const { t } = useTranslation();
  const roleProblem = (roles: Role[]) => (roles.length === 0 ? t('users.rolesRequired') : null);
  const pinProblem = (pin: string, again: string) => {
    const problem = pinPairProblem(pin, again);
    return problem ? t(`users.${problem}`) : null;
  };
  const rolesText = (roles: Role[]) => roles.map((x) => t(`roles.${x}`)).join(', ');
  return { roleProblem, pinProblem, rolesText };
}

export function CreateUserForm({ onCreated }: { onCreated: (message: string) => void }) {
  const { t } = useTranslation();
  const { roleProblem, pinProblem, rolesText } = useProblems();
  const [username, setUsername] = useState('');
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<Role[]>(['cashier']);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const { error, busy, run } = useUserAct();

  const submit = async (e: FormEvent) => {
    const created = await run(e, roleProblem(roles) ?? pinProblem(pin, again), () => invoke('users.create', { username: username.trim(), name: name.trim(), roles, pin }));
    if (!created) return;
    setUsername('');
    setName('');
    setRoles(['cashier']);
    setPin('');
    setAgain('');
    onCreated(t('users.created', { username: created.username, roles: rolesText(created.roles) }));
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

export function EditUserDialog({ user, onDone, onClose }: { user: User; onDone: (message: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { roleProblem, rolesText } = useProblems();
  const [name, setName] = useState(user.name);
  const [roles, setRoles] = useState<Role[]>(user.roles);
  const { error, busy, run } = useUserAct();
  const submit = async (e: FormEvent) => {
    const updated = await run(e, roleProblem(roles), () => invoke('users.update', { operatorId: user.id, name: name.trim(), roles }));
    if (updated) onDone(t('users.updated', { username: updated.username, roles: rolesText(updated.roles) }));
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

export function ResetPinDialog({ user, onDone, onClose }: { user: User; onDone: (message: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { pinProblem } = useProblems();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const { error, busy, run } = useUserAct();
  const submit = async (e: FormEvent) => {
    const reset = await run(e, pinProblem(pin, again), () => invoke('users.resetPin', { operatorId: user.id, pin }));
    if (reset) onDone(t('users.pinReset', { username: reset.username }));
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
