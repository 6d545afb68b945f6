/**
 * Printers (issue #4, item 7): the configured printers with their live status
 * (asked every 10 s and on demand), a test page each, and the form that adds
 * or changes one.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useKioskQuery } from '../../hooks.js';
import { EMPTY_PRINTER_FORM, formOfPrinter, type PrinterView } from '../../lib/printing.js';
import { DoneNote, LoadedRows } from './ListParts.js';
import { PrinterFormView } from './Printers/PrinterForm.js';
import { PrintersTable } from './Printers/PrintersTable.js';
import { usePrinterStatuses } from './Printers/usePrinterStatuses.js';
import { useEditedRow } from './useEditedRow.js';

/** A test page sent to one printer at a time: which is being sent, the job queued, or the refusal. */
function usePrinterTest() {
  const { t } = useTranslation();
  const [testing, setTesting] = useState<string | null>(null);
  const [testDone, setTestDone] = useState<string | null>(null);
  const [error, setError] = useState<ClientError | null>(null);
  const test = async (id: string) => {
    if (testing) return;
    setTesting(id);
    setError(null);
    setTestDone(null);
    const r = await invoke('printer.test', { id });
    setTesting(null);
    if (!r.ok) setError(r.error);
    else setTestDone(t('printers.testQueued', { id, jobId: r.value.jobId }));
  };
  return { testing, testDone, error, test };
}

export function PrintersPanel() {
  const { t } = useTranslation();
  const list = useKioskQuery('printer.list', {});
  const { entries, check } = usePrinterStatuses(list.data ?? []);
  const rows = useEditedRow((p: PrinterView) => p.id, list.reload);
  const { testing, testDone, error, test } = usePrinterTest();
  return (
    <section className="panel printers-panel" aria-labelledby="printers-title" data-testid="printers-panel">
      <div className="panel-head">
        <h2 id="printers-title">{t('printers.title')}</h2>
        {rows.editing ? (
          <button type="button" className="btn" data-testid="printer-new" onClick={rows.stopEditing}>
            {t('printers.newPrinter')}
          </button>
        ) : null}
      </div>
      <LoadedRows list={list} errorTestId="printers-load-error" none={t('printers.none')}>
        {(printers) => (
          <PrintersTable
            printers={printers}
            entries={entries}
            editing={rows.editing}
            testing={testing}
            onTest={(id) => void test(id)}
            onCheck={(id) => void check(id)}
            onEdit={rows.edit}
          />
        )}
      </LoadedRows>
      <DoneNote text={testDone} testId="printer-test-result" />
      <ErrorAlert error={error} testId="printers-error" />
      <PrinterFormView
        key={rows.formKey}
        initial={rows.editing ? formOfPrinter(rows.editing) : EMPTY_PRINTER_FORM}
        editing={rows.editing !== null}
        onSaved={rows.onSaved}
      />
      <DoneNote text={rows.saved} testId="printer-saved" />
    </section>
  );
}
