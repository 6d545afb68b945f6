/**
 * The slot machines (SPEC 7; Portaria 1441/95, n.º 9, 10): the registered
 * machines with their jackpot fund, the form that registers one or edits it
 * (its number never changes), and the import of a machines file (.csv).
 */
import { useTranslation } from 'react-i18next';
import { useKioskQuery } from '../../hooks.js';
import { DoneNote, LoadedRows } from './ListParts.js';
import { MachineForm } from './Machines/MachineForm.js';
import { EMPTY_MACHINE, fieldsOf, type Machine } from './Machines/machineFields.js';
import { ImportButton, ImportResult, useMachinesImport } from './Machines/MachinesImport.js';
import { MachinesTable } from './Machines/MachinesTable.js';
import { useEditedRow } from './useEditedRow.js';

/** Manager/admin: the slot machines, their registration, edition and import. */
export function MachinesPanel() {
  const { t } = useTranslation();
  const list = useKioskQuery('machine.list', {});
  const rows = useEditedRow((m: Machine) => m.number, list.reload);
  const { importing, imported, importFile } = useMachinesImport(rows.clearSaved, () => void list.reload());
  return (
    <section className="panel machines-panel" aria-labelledby="machines-title" data-testid="machines-panel">
      <div className="panel-head">
        <h2 id="machines-title">{t('machines.title')}</h2>
        <ImportButton importing={importing} onFile={(e) => void importFile(e)} />
      </div>
      <p className="hint">{t('machines.importHint')}</p>
      <ImportResult imported={imported} />
      <LoadedRows list={list} errorTestId="machines-load-error" none={t('machines.none')}>
        {(machines) => <MachinesTable machines={machines} editing={rows.editing} onEdit={rows.edit} />}
      </LoadedRows>
      <MachineForm
        key={rows.formKey}
        initial={rows.editing ? fieldsOf(rows.editing) : EMPTY_MACHINE}
        editing={rows.editing !== null}
        onSaved={rows.onSaved}
        onCancel={rows.stopEditing}
      />
      <DoneNote text={rows.saved} testId="machine-saved" />
    </section>
  );
}
