import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import type { QueryState } from '../../hooks.js';
import { useHallLinkDown } from '../../components/LinkBanner.js';

/**
 * The machines as a select's options, or in their place what is known: a
 * list the hall could not give (its link down, or a refusal) is unknown, not
 * empty; the link's fault itself is said once, by the banner.
 */
export function MachineOptions({ machines, label }: { machines: QueryState<ChannelOutput<'machine.list'>>; label: (m: ChannelOutput<'machine.list'>[number]) => string }) {
  const { t } = useTranslation();
  const linkDown = useHallLinkDown();
  if (machines.data === undefined && machines.error) return <option value="">{linkDown ? t('caixa.listUnavailableShort') : '—'}</option>;
  return (
    <>
      {(machines.data ?? []).map((m) => (
        <option key={m.number} value={m.number}>
          {label(m)}
        </option>
      ))}
    </>
  );
}
