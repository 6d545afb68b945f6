import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import type { useOffline } from '../../components/LinkBanner.js';
import { useFormat } from '../../format.js';

/**
 * A card of an annulled game handed back, refunded by its series and number whoever sold it (a counter or a roving
 * seller; issue 42, art. 16.º, n.º 3): the kiosk pays its price once and says why when it refuses (not sold in that
 * game, already refunded, the game not annulled).
 */
export function CardRefundForm({
  games,
  offline,
  onRefunded,
}: {
  /** The session's annulled games, as the refunds' list names them. */
  games: readonly { gameId: number; gameNumber: number }[];
  offline: ReturnType<typeof useOffline>;
  onRefunded: (r: ChannelOutput<'refund.payCard'>) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const [gameId, setGameId] = useState<number | null>(null);
  const [series, setSeries] = useState('');
  const [number, setNumber] = useState('');
  const [error, setError] = useState<ClientError | string | null>(null);
  const [done, setDone] = useState<ChannelOutput<'refund.payCard'> | null>(null);
  const chosen = gameId ?? games[0]?.gameId ?? null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    const seriesCode = series.trim().toUpperCase();
    const n = Number(number.trim());
    if (chosen === null || seriesCode === '' || !Number.isInteger(n) || n < 1) {
      setError(t('refunds.byCardInvalid'));
      return;
    }
    const r = await invoke('refund.payCard', { gameId: chosen, seriesCode, number: n });
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setDone(r.value);
    setNumber('');
    onRefunded(r.value);
  };

  if (games.length === 0) return null;
  return (
    <div className="card-refund" data-testid="card-refund">
      <h3 id="card-refund-title">{t('refunds.byCardTitle')}</h3>
      <p className="hint" id="card-refund-hint">
        {t('refunds.byCardHint')}
      </p>
      <form className="form form-row" onSubmit={submit} aria-labelledby="card-refund-title" aria-describedby="card-refund-hint" data-testid="card-refund-form">
        <label>
          {t('refunds.byCardGame')}
          <select data-testid="card-refund-game" value={chosen ?? ''} onChange={(e) => setGameId(Number(e.target.value))}>
            {games.map((g) => (
              <option key={g.gameId} value={g.gameId}>
                {g.gameNumber}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('refunds.byCardSeries')}
          <input data-testid="card-refund-series" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={8} size={3} value={series} onChange={(e) => setSeries(e.target.value)} />
        </label>
        <label>
          {t('refunds.byCardNumber')}
          <input data-testid="card-refund-number" inputMode="numeric" autoComplete="off" maxLength={6} size={5} value={number} onChange={(e) => setNumber(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary btn-large" data-testid="card-refund-submit" {...offline}>
          {t('refunds.byCardSubmit')}
        </button>
      </form>
      <ErrorAlert error={error} testId="card-refund-error" />
      {done ? (
        <p className="notice" role="status" data-testid="card-refund-done">
          {t('refunds.byCardDone', { card: `${done.seriesCode} ${done.number}`, number: done.gameNumber, amount: f.money(done.amountCents) })}
        </p>
      ) : null}
    </div>
  );
}
