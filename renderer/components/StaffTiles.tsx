/**
 * The staff as tiles for a touch counter: a tap on a name picks the user, and
 * the PIN follows (the login, a manager's approval). Typing the username
 * stays possible beside them.
 */
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../core/contract.js';
import { useKioskQuery } from '../hooks.js';

type StaffMember = ChannelOutput<'auth.staff'>[number];

interface Props {
  /** Who may be picked here (e.g. approvers other than the operator); everyone by default. */
  filter?: (member: StaffMember) => boolean;
  selected: string;
  onSelect: (username: string) => void;
  disabled?: boolean;
  /** Test ids: `<prefix>-<username>`. */
  prefix: string;
  label: string;
}

export function StaffTiles({ filter, selected, onSelect, disabled = false, prefix, label }: Props) {
  const { t } = useTranslation();
  const staff = useKioskQuery('auth.staff', {});
  const members = (staff.data ?? []).filter((m) => filter?.(m) ?? true);
  if (members.length === 0) return null;
  return (
    <div className="staff-tiles" role="group" aria-label={label} data-testid={`${prefix}-tiles`}>
      {members.map((m) => (
        <button
          key={m.username}
          type="button"
          className={`staff-tile${selected === m.username ? ' active' : ''}`}
          aria-pressed={selected === m.username}
          data-testid={`${prefix}-${m.username}`}
          disabled={disabled}
          onClick={() => onSelect(m.username)}
        >
          <span className="staff-tile-name">{m.name}</span>
          <span className="staff-tile-user">{t('staff.username', { username: m.username })}</span>
        </button>
      ))}
    </div>
  );
}
