import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMIT_GROUPS, type LimitGroup } from '../../../../core/roulette/rules.js';
import { invoke, type ClientError } from '../../../client.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { parseEuroText } from '../../../lib/money.js';
import type { Wheel } from './types.js';
import { useChanceLabel } from './useBetWords.js';

const emptyMinima = (): Record<LimitGroup, string> => Object.fromEntries(LIMIT_GROUPS.map((g) => [g, ''])) as Record<LimitGroup, string>;

/** "Registar mesa": code, wheel and the ten minima (the maxima follow X.27). */
export function RegisterTable({ onRegistered }: { onRegistered: (code: string) => void }) {
  const { t } = useTranslation();
  const chanceLabel = useChanceLabel();
  const [code, setCode] = useState('');
  const [wheel, setWheel] = useState<Wheel>('french');
  const [minima, setMinima] = useState(emptyMinima);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setDone(null);
    const trimmed = code.trim();
    if (!/^[A-Za-z0-9-]{1,12}$/.test(trimmed)) {
      setError(t('tableSheet.codeInvalid'));
      return;
    }
    const minimumsCents: Partial<Record<LimitGroup, number>> = {};
    for (const g of LIMIT_GROUPS) {
      const cents = parseEuroText(minima[g]);
      if (cents === null || cents <= 0) {
        setError(t('tableSheet.minimumInvalid', { group: chanceLabel(g) }));
        return;
      }
      minimumsCents[g] = cents;
    }
    setBusy(true);
    setError(null);
    const r = await invoke('table.register', { code: trimmed, wheel, minimumsCents: minimumsCents as Record<LimitGroup, number> });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setCode('');
    setMinima(emptyMinima());
    setDone(t('tableSheet.registered', { code: r.value.code }));
    onRegistered(r.value.code);
  };

  return (
    <form className="form form-grid table-sheet-form" onSubmit={submit} aria-labelledby="table-register-title" noValidate>
      <h3 id="table-register-title" className="visually-hidden">{t('tableSheet.registerTitle')}</h3>
      <label>
        {t('tableSheet.code')}
        <input data-testid="table-code" value={code} onChange={(e) => setCode(e.target.value)} maxLength={12} autoComplete="off" spellCheck={false} />
      </label>
      <label>
        {t('tableSheet.wheelLabel')}
        <select data-testid="table-wheel" value={wheel} onChange={(e) => setWheel(e.target.value === 'american' ? 'american' : 'french')}>
          <option value="french">{t('tableSheet.wheel.french')}</option>
          <option value="american">{t('tableSheet.wheel.american')}</option>
        </select>
      </label>
      {LIMIT_GROUPS.map((g) => (
        <label key={g}>
          {t('tableSheet.minimumOf', { group: chanceLabel(g) })}
          <span className="input-suffix">
            <input
              data-testid={`table-min-${g}`}
              inputMode="decimal"
              placeholder="1,00"
              value={minima[g]}
              onChange={(e) => {
                const value = e.target.value;
                setMinima((m) => ({ ...m, [g]: value }));
              }}
              autoComplete="off"
            />
            <span aria-hidden="true">€</span>
          </span>
        </label>
      ))}
      <div className="form-actions">
        <p className="hint">{t('tableSheet.registerHint')}</p>
        <button type="submit" className="btn btn-primary" data-testid="table-register" disabled={busy}>
          {busy ? t('tableSheet.working') : t('tableSheet.register')}
        </button>
      </div>
      {done ? (
        <p className="success" role="status" data-testid="table-registered">
          {done}
        </p>
      ) : null}
      <ErrorAlert error={error} testId="table-register-error" />
    </form>
  );
}
