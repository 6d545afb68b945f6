import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeriesView } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { parseEuroText } from '../../lib/money.js';

interface Props {
  series: readonly SeriesView[];
  error: ClientError | string | null;
  onError: (error: ClientError | string | null) => void;
  onRegistered: () => void;
}

/** The registered series and a small form to register one (price typed in euros: 1,00). */
export function SeriesPanel({ series, error, onError, onRegistered }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const [code, setCode] = useState('');
  const [price, setPrice] = useState('');
  const [size, setSize] = useState('');
  const [colour, setColour] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setDone(null);
    const priceCents = parseEuroText(price);
    if (priceCents === null || priceCents <= 0) {
      onError(t('series.priceInvalid'));
      return;
    }
    const sizeN = Number(size.trim());
    if (!/^\d+$/.test(size.trim()) || sizeN < 1) {
      onError(t('series.sizeInvalid'));
      return;
    }
    setBusy(true);
    onError(null);
    const r = await invoke('series.register', {
      code: code.trim().toUpperCase(),
      priceCents,
      size: sizeN,
      ...(colour.trim() ? { colour: colour.trim() } : {}),
    });
    setBusy(false);
    if (!r.ok) {
      onError(r.error);
      return;
    }
    setDone(t('series.registered', { code: r.value.code, price: f.money(r.value.priceCents), size: r.value.size }));
    setCode('');
    setPrice('');
    setSize('');
    setColour('');
    onRegistered();
  };

  return (
    <section className="panel series-panel" aria-labelledby="series-title">
      <h2 id="series-title">{t('series.title')}</h2>
      {series.length === 0 ? (
        <p className="empty">{t('series.none')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table compact">
            <thead>
              <tr>
                <th scope="col">{t('series.code')}</th>
                <th scope="col" className="num">{t('series.price')}</th>
                <th scope="col" className="num">{t('series.next')}</th>
                <th scope="col" className="num">{t('series.left')}</th>
                <th scope="col">{t('series.colour')}</th>
              </tr>
            </thead>
            <tbody>
              {series.map((s) => (
                <tr key={s.id} data-testid={`series-row-${s.code}`}>
                  <th scope="row">{s.code}</th>
                  <td className="num">{f.money(s.priceCents)}</td>
                  <td className="num">{s.cardsLeft > 0 ? s.nextNumber : '—'}</td>
                  <td className="num" title={t('series.ofSize', { size: s.size })}>
                    {s.cardsLeft}
                  </td>
                  <td>{s.colour ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
