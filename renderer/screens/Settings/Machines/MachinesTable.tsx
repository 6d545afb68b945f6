/** The registered slot machines, each with its jackpot fund held and its edit button. */
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../../components/ColumnHeads.js';
import { TableRegion } from '../../../components/TableRegion.js';
import { useFormat } from '../../../format.js';
import { formatPercent } from '../../../lib/settings.js';
import type { Machine } from './machineFields.js';

export function MachinesTable({ machines, editing, onEdit }: { machines: readonly Machine[]; editing: Machine | null; onEdit: (m: Machine) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const columns = [
    { label: t('machines.number') },
    { label: t('machines.model') },
    { label: t('machines.bet'), num: true },
    { label: t('machines.location') },
    { label: t('machines.group') },
    { label: t('machines.jackpotShareShort'), num: true },
    { label: t('machines.superjackpotShareShort'), num: true },
    { label: t('machines.held'), num: true },
    { label: t('machines.actions') },
  ];
  return (
    <TableRegion name={t('machines.tableTitle')}>
      <table className="table compact machines" data-testid="machines-table">
        <caption className="visually-hidden">{t('machines.tableTitle')}</caption>
        <ColumnHeads columns={columns} />
        <tbody>
          {machines.map((m) => (
            <tr key={m.number} data-testid={`machine-row-${m.number}`} className={editing?.number === m.number ? 'editing' : undefined}>
              <th scope="row">{m.number}</th>
              <td>{m.model}</td>
              <td className="num">{f.money(m.betCents)}</td>
              <td>{m.location ?? '—'}</td>
              <td>{m.group ?? '—'}</td>
              <td className="num">{`${formatPercent(m.jackpotShareBasisPoints)} %`}</td>
              <td className="num">{m.group === null ? '—' : `${formatPercent(m.superjackpotShareBasisPoints)} %`}</td>
              <td className="num">{f.money(m.jackpotHeldCents)}</td>
              <td>
                <button type="button" className="btn btn-small" data-testid={`machine-edit-${m.number}`} aria-label={t('machines.editLabel', { number: m.number })} onClick={() => onEdit(m)}>
                  {t('machines.edit')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
