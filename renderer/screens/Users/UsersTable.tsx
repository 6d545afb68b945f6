/** The hall's operators, one row each: roles, whether they may log in, a lock-out after wrong PINs, and what may be done to each. */
import { useTranslation } from 'react-i18next';
import { TableRegion } from '../../components/TableRegion.js';
import { useFormat } from '../../format.js';
import type { User } from './UserForms.js';

export type UserAct = 'edit' | 'pin' | 'deactivate' | 'reactivate';

interface Props {
  users: readonly User[];
  /** The admin's own username (marked "you"). */
  self: string;
  now: Date;
  onUnlock: (user: User) => void;
  onAct: (type: UserAct, user: User) => void;
}

export function UsersTable({ users, self, now, onUnlock, onAct }: Props) {
  const { t } = useTranslation();
  return (
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
          {users.map((u) => (
            <UserRow key={u.id} user={u} self={self} now={now} onUnlock={onUnlock} onAct={onAct} />
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

function UserRow({ user: u, self, now, onUnlock, onAct }: Omit<Props, 'users'> & { user: User }) {
  const { t } = useTranslation();
  const f = useFormat();
  const locked = u.lockedUntil !== null && Date.parse(u.lockedUntil) > now.getTime();
  return (
    <tr data-testid={`user-row-${u.username}`} className={u.active ? undefined : 'voided'}>
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
          <button type="button" className="btn btn-small user-unlock" data-testid={`user-unlock-${u.username}`} onClick={() => onUnlock(u)}>
            {t('users.unlock')}
          </button>
        ) : null}
      </td>
      <td className="user-actions">
        <div className="job-actions">
          <button type="button" className="btn btn-small" data-testid={`user-edit-${u.username}`} onClick={() => onAct('edit', u)}>
            {t('users.edit')}
          </button>
          <button type="button" className="btn btn-small" data-testid={`user-reset-${u.username}`} onClick={() => onAct('pin', u)}>
            {t('users.resetPin')}
          </button>
          {u.active ? (
            <button type="button" className="btn btn-small btn-danger" data-testid={`user-deactivate-${u.username}`} onClick={() => onAct('deactivate', u)}>
              {t('users.deactivate')}
            </button>
          ) : (
            <button type="button" className="btn btn-small" data-testid={`user-reactivate-${u.username}`} onClick={() => onAct('reactivate', u)}>
              {t('users.reactivate')}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
