import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeriesView } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { parseEuroText } from '../../lib/money.js';
import { facesFormat } from '../../lib/settings.js';
import { TableRegion } from '../../components/TableRegion.js';

interface Props {
  series: readonly SeriesView[];
  onRegistered: () => void;
}

type FacesOutcome = { ok: true; text: string } | { ok: false; error: ClientError | string };

/**
 * The registered series, the import of each series' card faces (the card
 * printer's .json or .csv file, SPEC 2) and a small form to register a series
 * (price typed in euros: 1,00).
 */
export function SeriesPanel({ series, onRegistered }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const [error, setError] = useState<ClientError | string | null>(null);
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
  const [code, setCode] = useState('');
  const [price, setPrice] = useState('');
  const [size, setSize] = useState('');
  const [colour, setColour] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [double, setDouble] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setDone(null);
    const priceCents = parseEuroText(price);
    if (priceCents === null || priceCents <= 0) {
      setError(t('series.priceInvalid'));
      return;
    }
    const sizeN = Number(size.trim());
    if (!/^\d+$/.test(size.trim()) || sizeN < 1) {
      setError(t('series.sizeInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    const r = await invoke('series.register', {
      code: code.trim().toUpperCase(),
      priceCents,
      size: sizeN,
      ...(colour.trim() ? { colour: colour.trim() } : {}),
      ...(double ? { double: true } : {}),
    });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setDone(t('series.registered', { code: r.value.code, price: f.money(r.value.priceCents), size: r.value.size }));
    setCode('');
    setPrice('');
    setSize('');
    setColour('');
    setDouble(false);
    onRegistered();
  };

  return (
    <section className="panel series-panel" aria-labelledby="series-title">
      <h2 id="series-title">{t('series.title')}</h2>
      {series.length === 0 ? (
        <p className="empty">{t('series.none')}</p>
      ) : (
        <TableRegion name={t('series.title')}>
          <table className="table compact">
            <thead>
              <tr>
                <th scope="col">{t('series.code')}</th>
                <th scope="col" className="num">{t('series.price')}</th>
                <th scope="col" className="num">{t('series.next')}</th>
                <th scope="col" className="num">{t('series.left')}</th>
                <th scope="col">{t('faces.title')}</th>
              </tr>
            </thead>
            <tbody>
              {series.map((s) => (
                <tr key={s.id} data-testid={`series-row-${s.code}`}>
                  <th scope="row">
                    {s.code}
                    {s.colour ? <span className="series-colour">{s.colour}</span> : null}
                  </th>
                  <td className="num">{f.money(s.priceCents)}</td>
                  <td className="num">{s.cardsLeft > 0 ? s.nextNumber : '—'}</td>
                  <td className="num" title={t('series.ofSize', { size: s.size })}>
                    {s.cardsLeft}
                  </td>
                  <td>
                    <label className={`btn btn-file${importing === s.code ? ' busy' : ''}`}>
                      <input
                        type="file"
                        className="visually-hidden"
                        accept=".json,.csv,application/json,text/csv"
                        data-testid={`faces-file-${s.code}`}
                        disabled={importing !== null}
                        onChange={(e) => void importFaces(s.code, e)}
                      />
                      <span aria-hidden="true">{importing === s.code ? t('common.working') : t('faces.import')}</span>
                      <span className="visually-hidden">{t('faces.importLabel', { code: s.code })}</span>
                    </label>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <label className="check-label">
        <input type="checkbox" data-testid="faces-strips" checked={strips} onChange={(e) => setStrips(e.target.checked)} />
        {t('faces.strips')}
      </label>
      <p className="hint">{t('faces.hint')}</p>
      <div aria-live="polite" data-testid="faces-result">
        {faces?.ok ? <p className="success">{faces.text}</p> : null}
        {faces && !faces.ok ? <ErrorAlert error={faces.error} testId="faces-error" /> : null}
      </div>
      <form className="form series-form" onSubmit={submit} aria-label={t('series.registerTitle')}>
        <h3>{t('series.registerTitle')}</h3>
        <div className="series-fields">
          <label>
            {t('series.code')}
            <input
              data-testid="series-code"
              value={code}
              onChange={(e) => setCode(e.target.value.toUpperCase())}
              required
              maxLength={3}
              pattern="[A-Za-z]{1,3}"
              autoCapitalize="characters"
              spellCheck={false}
            />
          </label>
          <label>
            {t('series.priceEuros')}
            <input data-testid="series-price" inputMode="decimal" placeholder="1,00" value={price} onChange={(e) => setPrice(e.target.value)} required />
          </label>
          <label>
            {t('series.size')}
            <input data-testid="series-size" inputMode="numeric" placeholder="3000" value={size} onChange={(e) => setSize(e.target.value)} required />
          </label>
          <label>
            {t('series.colour')}
            <input data-testid="series-colour" value={colour} onChange={(e) => setColour(e.target.value)} maxLength={30} />
          </label>
        </div>
        <label className="check-label">
          <input type="checkbox" data-testid="series-double" checked={double} onChange={(e) => setDouble(e.target.checked)} />
          {t('series.double')}
        </label>
        <button type="submit" className="btn btn-primary" data-testid="series-submit" disabled={busy}>
          {busy ? t('common.working') : t('series.register')}
        </button>
      </form>
      {done ? (
        <p className="success" role="status">
          {done}
        </p>
      ) : null}
      <ErrorAlert error={error} />
    </section>
  );
}
