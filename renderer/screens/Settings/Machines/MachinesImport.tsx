/** The import of a machines file (.csv): its button, what it did, and the reading and sending of the file. */
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../../../client.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';

type ImportOutcome = { ok: true; text: string } | { ok: false; error: ClientError | string };

/** The file chosen, checked (a .csv, readable, not empty) and sent; `onImported` after the kiosk took it. */
export function useMachinesImport(onStart: () => void, onImported: () => void) {
  const { t } = useTranslation();
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<ImportOutcome | null>(null);

  const importFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const file = input.files?.[0];
    if (!file || importing) return;
    setImported(null);
    onStart();
    const refuse = (key: string) => {
      setImporting(false);
      setImported({ ok: false, error: t(key, { name: file.name }) });
      input.value = '';
    };
    if (!/\.csv$/i.test(file.name.trim())) return refuse('machines.importBadExtension');
    setImporting(true);
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      return refuse('machines.importUnreadable');
    }
    if (csv.trim() === '') return refuse('machines.importEmpty');
    const r = await invoke('machine.import', { csv });
    setImporting(false);
    input.value = '';
    if (!r.ok) {
      setImported({ ok: false, error: r.error });
      return;
    }
    setImported({ ok: true, text: t('machines.imported', { count: r.value.imported }) });
    onImported();
  };
  return { importing, imported, importFile };
}

export function ImportButton({ importing, onFile }: { importing: boolean; onFile: (e: ChangeEvent<HTMLInputElement>) => void }) {
  const { t } = useTranslation();
  return (
    <label className={`btn btn-file${importing ? ' busy' : ''}`}>
      <input type="file" className="visually-hidden" accept=".csv,text/csv" data-testid="machines-import-file" disabled={importing} onChange={onFile} />
      <span aria-hidden="true">{importing ? t('common.working') : t('machines.import')}</span>
      <span className="visually-hidden">{t('machines.importLabel')}</span>
    </label>
  );
}

export function ImportResult({ imported }: { imported: ImportOutcome | null }) {
  return (
    <div aria-live="polite" data-testid="machines-import-result">
      {imported?.ok ? <p className="success">{imported.text}</p> : null}
      {imported && !imported.ok ? <ErrorAlert error={imported.error} testId="machines-import-error" /> : null}
    </div>
  );
}
