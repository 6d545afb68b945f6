/** The configured printers: each with its role, address and paper, its live state, and its acts (test page, ask now, edit). */
import { useTranslation } from 'react-i18next';
import { printerAddress, type PrinterView } from '../../../lib/printing.js';
import { StatusCell } from './StatusCell.js';
import type { StatusEntry } from './usePrinterStatuses.js';

interface RowActs {
  /** The printer whose test page is being sent, if any: no other is sent meanwhile. */
  testing: string | null;
  onTest: (id: string) => void;
  onCheck: (id: string) => void;
  onEdit: (p: PrinterView) => void;
}

function PrinterActions({ p, entry, testing, onTest, onCheck, onEdit }: RowActs & { p: PrinterView; entry: StatusEntry | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="job-actions printer-actions">
      <button
        type="button"
        className="btn btn-small"
        data-testid={`printer-test-${p.id}`}
        aria-label={t('printers.testLabel', { id: p.id })}
        disabled={testing !== null}
        onClick={() => onTest(p.id)}
      >
        {testing === p.id ? t('common.working') : t('printers.test')}
      </button>
      <button
        type="button"
        className="btn btn-small"
        data-testid={`printer-refresh-${p.id}`}
        aria-label={t('printers.refreshLabel', { id: p.id })}
        disabled={entry?.checking === true}
        onClick={() => onCheck(p.id)}
      >
        {t('printers.refresh')}
      </button>
      <button type="button" className="btn btn-small" data-testid={`printer-edit-${p.id}`} aria-label={t('printers.editLabel', { id: p.id })} onClick={() => onEdit(p)}>
        {t('printers.edit')}
      </button>
    </div>
  );
}

function PrinterRow({ p, entry, editing, ...acts }: RowActs & { p: PrinterView; entry: StatusEntry | undefined; editing: boolean }) {
  const { t } = useTranslation();
  return (
    <tr data-testid={`printer-row-${p.id}`} className={editing ? 'editing' : undefined}>
      <th scope="row">
        {p.id}
        {p.name !== p.id ? <span className="series-colour">{p.name}</span> : null}
        <span className="printer-role" data-testid={`printer-role-${p.id}`}>
          {t('printers.roleAtTerminal', { role: t(`printers.roles.${p.role}`), terminal: p.terminalId })}
        </span>
      </th>
      <td>
        <span className="mono">{printerAddress(p)}</span>
        <span className="series-colour">{t(`printers.transports.${p.transport}`)}</span>
        <span className="printer-paper" data-testid={`printer-paper-${p.id}`}>
          {t('printers.paperLine', {
            codepage: t(`printers.codepages.${p.codepage}`),
            width: t('printers.widthMm', { width: p.widthMm }),
            drawer: p.drawerPin === null ? t('printers.drawerNone') : t('printers.paperDrawer', { pin: p.drawerPin }),
          })}
        </span>
      </td>
      <td>
        <StatusCell id={p.id} entry={entry} />
      </td>
      <td>
        <PrinterActions p={p} entry={entry} {...acts} />
      </td>
    </tr>
  );
}

export function PrintersTable({ printers, entries, editing, ...acts }: RowActs & { printers: readonly PrinterView[]; entries: Record<string, StatusEntry>; editing: PrinterView | null }) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="table compact printers">
        <caption className="visually-hidden">{t('printers.caption')}</caption>
        <thead>
          <tr>
            {/* Four columns, so that the row and its buttons fit a 1024 px counter whole: the printer and its role, where it is and its paper, its state, the acts. */}
            <th scope="col">{t('printers.printer')}</th>
            <th scope="col">{t('printers.address')}</th>
            <th scope="col">{t('printers.status')}</th>
            <th scope="col">{t('printers.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {printers.map((p) => (
            <PrinterRow key={p.id} p={p} entry={entries[p.id]} editing={editing?.id === p.id} {...acts} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
