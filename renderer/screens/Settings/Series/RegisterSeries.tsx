import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../../../client.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { useFormat } from '../../../format.js';
import { parseEuroText } from '../../../lib/money.js';

/** A series registered: its code, price typed in euros (1,00), size, colour, its edition's authorisation and emission number (art. 3.º), and whether its cards are double (each plays two games in a row). */
export function RegisterSeries({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [error, setError] = useState<ClientError | string | null>(null);
  const [code, setCode] = useState('');
  const [price, setPrice] = useState('');
  const [size, setSize] = useState('');
  const [colour, setColour] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [double, setDouble] = useState(false);
  // The edition as authorised (DN 80/85, art. 3.º, n.º 1) and the emission number (n.º 2), recorded with the series.
  const [authorisationRef, setAuthorisationRef] = useState('');
  const [authorisationDate, setAuthorisationDate] = useState('');
  const [emission, setEmission] = useState('');

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
      ...(emission.trim() ? { emission: emission.trim() } : {}),
      ...(authorisationRef.trim() || authorisationDate ? { authorisationRef: authorisationRef.trim(), authorisationDate } : {}),
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
    setAuthorisationRef('');
    setAuthorisationDate('');
    setEmission('');
    onRegistered();
  };

  return (
    <>
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
        <div className="stock-fields">
          <label>
            {t('stock.authorisationRef')}
            <input data-testid="series-authorisation-ref" value={authorisationRef} onChange={(e) => setAuthorisationRef(e.target.value)} maxLength={60} />
          </label>
          <label>
            {t('stock.authorisationDate')}
            <input data-testid="series-authorisation-date" type="date" value={authorisationDate} onChange={(e) => setAuthorisationDate(e.target.value)} />
          </label>
          <label>
            {t('stock.emission')}
            <input data-testid="series-emission" value={emission} onChange={(e) => setEmission(e.target.value)} maxLength={30} />
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
    </>
  );
}
