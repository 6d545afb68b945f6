import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../../../client.js';
import { facesFormat } from '../../../lib/settings.js';

type FacesOutcome = { ok: true; text: string } | { ok: false; error: ClientError | string };

/** The import of a series' card faces from the card printer's .json or .csv file (its strips of 6 checked, when asked), one file at a time. */
export function useFacesImport() {
  const { t } = useTranslation();
  const [strips, setStrips] = useState(false);
  const [importing, setImporting] = useState<string | null>(null);
  const [faces, setFaces] = useState<FacesOutcome | null>(null);

  const importFaces = async (code: string, e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const file = input.files?.[0];
    if (!file || importing) return;
    setFaces(null);
    const format = facesFormat(file.name);
    if (format === null) {
      setFaces({ ok: false, error: t('faces.badExtension', { name: file.name }) });
      input.value = '';
      return;
    }
    setImporting(code);
    let content: string;
    try {
      content = await file.text();
    } catch {
      setImporting(null);
      setFaces({ ok: false, error: t('faces.unreadable', { name: file.name }) });
      input.value = '';
      return;
    }
    const r = await invoke('series.importFaces', { seriesCode: code, format, content, strips });
    setImporting(null);
    input.value = '';
    setFaces(r.ok ? { ok: true, text: t('faces.imported', { count: r.value.cards, code: r.value.seriesCode }) } : { ok: false, error: r.error });
  };

  return { strips, setStrips, importing, faces, importFaces };
}
export type FacesImport = ReturnType<typeof useFacesImport>;
