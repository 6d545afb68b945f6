import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../../../client.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { useFormat } from '../../../format.js';
import { parseEuroText } from '../../../lib/money.js';
import type { ColoursQuery } from './types.js';

/** The table's chips without face value: each colour's value (IX.6), a late chip at the minimum (IX.9). */
export function ColourChips({ code, chips }: { code: string; chips: ColoursQuery }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [colour, setColour] = useState('');
  const [value, setValue] = useState('');
  const [late, setLate] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const valueCents = late ? null : parseEuroText(value);
    if (colour.trim() === '' || (!late && (valueCents === null || valueCents === 0))) {
      setError(t('tableSheet.colourMissing'));
      return;
    }
    setError(null);
    const r = await invoke('table.colourChip', { tableCode: code, colour: colour.trim(), late, ...(valueCents ? { valueCents } : {}) });
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setColour('');
    setValue('');
    setLate(false);
    void chips.reload();
  };
  return (
    <div className="colour-chips">
      <h3>{t('tableSheet.colourTitle')}</h3>
      <p className="hint">{(chips.data?.chips ?? []).length === 0 ? t('tableSheet.noColours') : t('tableSheet.colourHint')}</p>
      <ul className="plain-list" data-testid="colour-chips">
        {(chips.data?.chips ?? []).map((c) => (
          <li key={c.colour}>
            {t('tableSheet.colourLine', { colour: c.colour, value: f.money(c.valueCents) })}
            {c.late ? ` (${t('tableSheet.colourLate')})` : ''}
          </li>
        ))}
      </ul>
      <form className="form form-row" onSubmit={submit} noValidate>
        <label>
          {t('tableSheet.colourName')}
          <input data-testid="colour-name" value={colour} maxLength={20} onChange={(e) => setColour(e.target.value)} />
        </label>
        <label>
          {t('tableSheet.colourValue')}
          <input data-testid="colour-value" inputMode="decimal" value={value} disabled={late} onChange={(e) => setValue(e.target.value)} />
        </label>
        <label className="check-label">
          <input type="checkbox" data-testid="colour-late" checked={late} onChange={(e) => setLate(e.target.checked)} />
          {t('tableSheet.colourLateLabel')}
        </label>
        <button type="submit" className="btn" data-testid="colour-submit">
          {t('tableSheet.colourSubmit')}
        </button>
      </form>
      <ErrorAlert error={error ?? chips.error} testId="colour-error" />
    </div>
  );
}
