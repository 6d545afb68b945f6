import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { openBlock } from '../../../core/bingo/opening.js';
import type { GameView, SeriesView } from '../../../core/contract.js';
import { errorMessage, type Lang } from '../../../core/errors.js';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat, useHallZone } from '../../format.js';

interface Props {
  series: readonly SeriesView[];
  games: readonly GameView[];
  /** The start-of-session checks not yet in the acta (session.current): no game opens before them. */
  startChecksMissing?: readonly string[];
  error: ClientError | string | null;
  onError: (error: ClientError | string | null) => void;
  onOpened: (game: GameView) => void;
}

/** Where the next game naturally starts: the series the last game ended on, if it has cards left. */
function defaultFirstSeries(series: readonly SeriesView[], games: readonly GameView[]): string {
  const usable = series.filter((s) => s.cardsLeft > 0);
  const last = [...games].sort((a, b) => b.number - a.number)[0];
  const candidates = last ? [last.secondSeries && last.secondSeries.nextNumber > 1 ? last.secondSeries.code : null, last.firstSeries.code] : [];
  for (const code of candidates) if (code && usable.some((s) => s.code === code)) return code;
  return usable[0]?.code ?? '';
}

/** A second series must have the same price, never have been sold from, and differ from the first (art. 12.3). */
function eligibleSecondSeries(series: readonly SeriesView[], first: SeriesView | undefined): SeriesView[] {
  if (!first) return [];
  return series.filter((s) => s.code !== first.code && s.priceCents === first.priceCents && s.nextNumber === 1 && s.cardsLeft > 0);
}

export function OpenGameForm({ series, games, startChecksMissing = [], error, onError, onOpened }: Props) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const zone = useHallZone();
  const [chosen, setChosen] = useState<string | null>(null);
  const [second, setSecond] = useState('');
  const [busy, setBusy] = useState(false);
  // Why the kiosk would refuse to open a game now, in its own words (core/bingo/opening.ts, the refusal game.open gives).
  const block = openBlock(games);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'pt-PT';
  const blocked = block
    ? errorMessage(block.code, block.params, lang, zone)
    : startChecksMissing.length > 0
      ? errorMessage('SESSION_START_CHECK_MISSING', { missing: startChecksMissing.join(',') }, lang, zone)
      : null;
  const usable = series.filter((s) => s.cardsLeft > 0);
  const firstCode = chosen !== null && usable.some((s) => s.code === chosen) ? chosen : defaultFirstSeries(series, games);
  const first = usable.find((s) => s.code === firstCode);
  const seconds = eligibleSecondSeries(series, first);
  const secondCode = seconds.some((s) => s.code === second) ? second : '';

  const label = (s: SeriesView) =>
    t('openGame.seriesOption', { code: s.code, price: f.money(s.priceCents), next: s.nextNumber, left: s.cardsLeft });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !firstCode) return;
    setBusy(true);
    onError(null);
    const r = await invoke('game.open', secondCode ? { seriesCode: firstCode, secondSeriesCode: secondCode } : { seriesCode: firstCode });
    setBusy(false);
    if (!r.ok) {
      onError(r.error);
      return;
    }
    setChosen(null);
    setSecond('');
    onOpened(r.value);
  };

  return (
    <section className="panel" aria-labelledby="open-game-title">
      <h2 id="open-game-title">{t('openGame.title')}</h2>
      {usable.length === 0 ? <p className="hint">{t('openGame.noSeries')}</p> : null}
      <form className="form form-grid" onSubmit={submit}>
        <label>
          {t('openGame.first')}
          <select data-testid="open-game-series" value={firstCode} onChange={(e) => setChosen(e.target.value)} disabled={usable.length === 0}>
            {usable.length === 0 ? <option value="">{t('openGame.noneOption')}</option> : null}
            {usable.map((s) => (
              <option key={s.id} value={s.code}>
                {label(s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('openGame.second')}
          <select data-testid="open-game-second-series" value={secondCode} onChange={(e) => setSecond(e.target.value)}>
            <option value="">{t('openGame.secondAuto')}</option>
            {seconds.map((s) => (
              <option key={s.id} value={s.code}>
                {label(s)}
              </option>
            ))}
          </select>
        </label>
        <div className="form-actions">
          <button
            type="submit"
            className="btn btn-primary btn-large"
            data-testid="open-game-submit"
            disabled={busy || !firstCode || blocked !== null}
            aria-describedby={blocked ? 'open-game-blocked' : undefined}
          >
            {busy ? t('common.working') : t('openGame.submit')}
          </button>
          {blocked ? (
            <p className="hint open-game-blocked" id="open-game-blocked" data-testid="open-game-blocked">
              {blocked}
            </p>
          ) : null}
        </div>
      </form>
      <ErrorAlert error={error} testId="game-error" />
    </section>
  );
}
