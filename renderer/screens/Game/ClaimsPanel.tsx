import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { BoardView, ChannelInput, ChannelOutput, ClaimView, GameView } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { parseWhole } from '../../lib/settings.js';
import { parseCardEntry } from '../../lib/cardEntry.js';
import { CardFace } from './CardFace.js';
import { TableRegion } from '../../components/TableRegion.js';

type Kind = 'line' | 'bingo';
type ClaimInput = ChannelInput<'game.claim'>;
/** A claim as checked: with the card's face when on record. */
type CheckedClaim = ChannelOutput<'game.claim'>;
type Outcome =
  | { type: 'claim'; claim: CheckedClaim }
  | { type: 'manual'; error: ClientError; input: ClaimInput; refusal?: ClientError }
  | { type: 'error'; error: ClientError | string };

interface Props {
  game: GameView;
  board: BoardView;
  /** A claim was recorded: its answer is all the board needs. */
  onClaimed: (claim: ClaimView) => void;
  /** Claims were closed: the board is fetched again (awards, state). */
  onChanged: () => Promise<void>;
}

/** "12 34, 56" -> [12, 34, 56]: the numbers of a card as typed, in any separator. */
export function parseCardNumbers(text: string): number[] {
  return text
    .split(/[^\d]+/)
    .filter((x) => x !== '')
    .slice(0, 15)
    .map(Number);
}

/** "o 9", "o 9 e o 14" / "9 and 14": numbers joined as the language says them. */
export function numberList(lang: string, numbers: readonly number[], item: (n: number) => string): string {
  return new Intl.ListFormat(lang === 'en' ? 'en-GB' : 'pt-PT', { type: 'conjunction' }).format(numbers.map(item));
}

/**
 * The verdict of a checked claim: valid or not, what it lacks ("falta o 9",
 * "faltam o 9 e o 14"), and the card's face with the balls drawn marked, or
 * the numbers read by hand, so the manager reads them against the player's card.
 */
export function ClaimVerdict({ claim: c, balls }: { claim: CheckedClaim; balls: readonly number[] }) {
  const { t, i18n } = useTranslation();
  const label = `${c.seriesCode} ${c.card}`;
  const what = { kind: t(`kindText.${c.kind}`), card: label, ball: c.ballCount };
  // The balls out when the claim was checked.
  const drawn = balls.slice(0, c.ballCount);
  const face = c.face ? <CardFace face={c.face} drawn={drawn} missing={c.missing} card={label} /> : null;
  if (c.valid) {
    return (
      <div className="claim-valid" role="status">
        <p className="claim-verdict">{t('claims.valid', what)}</p>
        {c.manual ? <p className="hint">{t('claims.manualRecorded')}</p> : null}
        {c.numbers ? (
          <p className="hint" data-testid="claim-numbers-shown">
            {t('claims.numbersShown', { numbers: c.numbers.join(' · ') })}
          </p>
        ) : null}
        {face}
        <p className="hint">{t(c.kind === 'line' ? 'claims.askLine' : 'claims.askBingo')}</p>
      </div>
    );
  }
  const list = numberList(i18n.language, c.missing, (n) => t('claims.missingItem', { n }));
  const reason =
    c.missing.length > 0
      ? t(c.kind === 'line' ? 'claims.missingLine' : 'claims.missingBingo', { count: c.missing.length, list })
      : c.manual
        ? t('claims.rejectedManual')
        : c.reason;
  return (
    <div className="claim-invalid" role="alert">
      <p className="claim-verdict">{t('claims.invalid', what)}</p>
      {reason ? (
        <p className="claim-reason" data-testid="claim-reason">
          {reason}
        </p>
      ) : null}
      {face}
      <p className="hint">{t('claims.goesOn')}</p>
    </div>
  );
}

/** The game's series a claim may name: the first and, when there is one, the second. */
function seriesOf(game: GameView): string[] {
  return game.secondSeries ? [game.firstSeries.code, game.secondSeries.code] : [game.firstSeries.code];
}

/**
 * Claims at the current ball: verify a card (or confirm it by hand when the
 * series has no faces), the cards that hold a line or bingo right now, the
 * claims made at this ball, "Mais alguma linha?" / "Mais algum bingo?", the
 * winners with their prizes and the accumulated special prize.
 */
export function ClaimsPanel({ game, board, onClaimed, onChanged }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const codes = seriesOf(game);
  const [kindChoice, setKindChoice] = useState<Kind | null>(null);
  const [seriesChoice, setSeriesChoice] = useState<string | null>(null);
  const [cardText, setCardText] = useState('');
  // A card without a face on record: its numbers as the manager reads them (art. 9.1).
  const [numbersText, setNumbersText] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [closeError, setCloseError] = useState<ClientError | null>(null);
  const [closed, setClosed] = useState<ChannelOutput<'game.closeClaims'> & { kind: Kind } | null>(null);
  const cardRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // A verdict and its card come into view in the draw's column, however little room the screen leaves.
  useEffect(() => {
    if (outcome) resultRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [outcome]);

  const drawing = board.state === 'drawing';
  const over = board.state === 'finished' || board.state === 'annulled';
  const kind: Kind = board.lineAwarded ? 'bingo' : (kindChoice ?? 'line');
  const seriesCode = seriesChoice !== null && codes.includes(seriesChoice) ? seriesChoice : (codes[0] ?? '');
  const atThisBall = board.claims.filter((c) => c.ballCount === board.ballCount);
  const pending = (k: Kind) => atThisBall.filter((c) => c.kind === k && c.valid && !c.awarded).length;
  const cardLabel = (code: string, card: number) => `${code} ${card}`;

  const send = async (input: ClaimInput) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setCloseError(null);
    const r = await invoke('game.claim', input);
    if (r.ok) {
      setOutcome({ type: 'claim', claim: r.value });
      setCardText('');
      setNumbersText('');
      onClaimed(r.value);
    } else if (r.error.code === 'MANUAL_CONFIRMATION_REQUIRED') {
      setOutcome({ type: 'manual', error: r.error, input });
    } else if (r.error.code.startsWith('MANUAL_CLAIM_') && outcome?.type === 'manual') {
      // The numbers typed do not hold: the check stays open, the refusal names them.
      setOutcome({ ...outcome, refusal: r.error });
    } else {
      setOutcome({ type: 'error', error: r.error });
    }
    busyRef.current = false;
    setBusy(false);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A card as printed on it, typed or scanned ("A 17"), names its series; a bare number takes the series chosen.
    const entry = parseCardEntry(cardText);
    const printed = entry && 'card' in entry ? entry.card : null;
    if (printed && !codes.includes(printed.seriesCode)) {
      setOutcome({ type: 'error', error: t('claims.seriesNotInGame', { series: printed.seriesCode }) });
      cardRef.current?.focus();
      return;
    }
    const card = printed ? printed.number : parseWhole(cardText, 1, 1_000_000);
    if (card === null) {
      setOutcome({ type: 'error', error: t('claims.cardInvalid') });
      cardRef.current?.focus();
      return;
    }
    if (printed) setSeriesChoice(printed.seriesCode);
    void send({ gameId: game.id, kind, seriesCode: printed ? printed.seriesCode : seriesCode, card });
  };

  const prefill = (k: Kind, code: string, card: number) => {
    setKindChoice(k);
    setSeriesChoice(code);
    setCardText(String(card));
    setOutcome(null);
    submitRef.current?.focus();
  };

  // The close of a claim window waiting for its confirmation (it awards the prize; no later claim counts, art. 14.4).
  const [confirmClose, setConfirmClose] = useState<Kind | null>(null);
  const awardable = (k: Kind) => atThisBall.filter((c) => c.kind === k && c.valid && !c.awarded);

  const afterClose = async (k: Kind, value: ChannelOutput<'game.closeClaims'>) => {
    setConfirmClose(null);
    setClosed({ ...value, kind: k });
    setOutcome(null);
    await onChanged();
  };

  const close = async (k: Kind) => {
    setCloseError(null);
    setClosed(null);
    // With valid claims the close awards prizes: it is confirmed first, saying to whom and what.
    if (awardable(k).length > 0) {
      setConfirmClose(k);
      return;
    }
    // Nothing to award on screen: the kiosk's answer is all there is to say (none, or some checked elsewhere: shown, not awarded).
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    const r = await invoke('game.closeClaims', { gameId: game.id, kind: k, claimIds: [] });
    if (r.ok) await afterClose(k, r.value);
    else setCloseError(r.error);
    busyRef.current = false;
    setBusy(false);
  };

  const result = (() => {
    if (!outcome) return null;
    if (outcome.type === 'error') return <ErrorAlert error={outcome.error} testId="claim-error" />;
    if (outcome.type === 'manual') {
      const { input } = outcome;
      return (
        <div className="manual-check" role="alert">
          <p className="manual-text">{outcome.error.message}</p>
          <p className="hint">{t('claims.manualAsk', { kind: t(`kindText.${input.kind}`), card: cardLabel(input.seriesCode, input.card) })}</p>
          <label className="field-block">
            <span className="field-label">{t(input.kind === 'line' ? 'claims.numbersLine' : 'claims.numbersBingo')}</span>
            <input
              className="amount-input claim-numbers"
              data-testid="claim-numbers"
              inputMode="numeric"
              autoComplete="off"
              value={numbersText}
              onChange={(e) => setNumbersText(e.target.value.replace(/[^\d ,;.-]/g, ''))}
            />
          </label>
          <ErrorAlert error={outcome.refusal ?? null} testId="claim-numbers-error" />
          <div className="button-row">
            <button
              type="button"
              className="btn btn-sell-small"
              data-testid="claim-confirm"
              disabled={busy}
              onClick={() => void send({ ...input, confirmed: true, numbers: parseCardNumbers(numbersText) })}
            >
              {t('claims.confirm')}
            </button>
            <button type="button" className="btn btn-danger" data-testid="claim-reject" disabled={busy} onClick={() => void send({ ...input, confirmed: false })}>
              {t('claims.reject')}
            </button>
          </div>
        </div>
      );
    }
    return <ClaimVerdict claim={outcome.claim} balls={board.balls} />;
  })();

  const potentialList = (k: Kind, items: BoardView['potential']['lines'], testId: string) => (
    <div className="potential">
      <h4>{t(k === 'line' ? 'claims.potentialLines' : 'claims.potentialBingos')}</h4>
      <ul className="chip-list" data-testid={testId}>
        {items.length === 0 ? <li className="empty">{t('claims.none')}</li> : null}
        {items.map((p) => (
          <li key={`${p.seriesCode}-${p.card}`}>
            <button
              type="button"
              className={`chip chip-${k}`}
              data-testid={`potential-${k}-${p.seriesCode}-${p.card}`}
              onClick={() => prefill(k, p.seriesCode, p.card)}
              disabled={!drawing}
              title={t('claims.prefill')}
            >
              {cardLabel(p.seriesCode, p.card)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );

  return (
    <div className="claims">
      {board.special ? (
        <section className={`special-box${board.special.eligible ? ' eligible' : ''}`} data-testid="special-prize" aria-label={t('special.title')}>
          <h3>{t('special.title')}</h3>
          {board.special.frozen ? (
            <p data-testid="special-frozen-note">{t('special.frozen', { amount: f.money(board.special.fundCents) })}</p>
          ) : (
            <>
              <p>
                {t('special.rule', { balls: board.special.balls })} · {t('special.fund')} <strong>{f.money(board.special.fundCents)}</strong>
              </p>
              <p className="special-now">
                {board.special.eligible
                  ? t('special.eligible', { count: board.ballCount, balls: board.special.balls })
                  : board.ballCount === 0
                    ? t('special.notYet')
                    : t('special.gone', { balls: board.special.balls })}
              </p>
            </>
          )}
        </section>
      ) : null}

      {over ? null : (
        <>
          <section aria-labelledby="claim-title">
            <h3 id="claim-title">{board.ballCount > 0 ? t('claims.title', { count: board.ballCount }) : t('claims.titleNone')}</h3>
            <form className="form claim-form" onSubmit={submit} aria-label={t('claims.formLabel')}>
              <label>
                {t('claims.kind')}
                <select
                  data-testid="claim-kind"
                  value={kind}
                  onChange={(e) => {
                    setKindChoice(e.target.value as Kind);
                    setOutcome(null);
                  }}
                  disabled={!drawing}
                >
                  <option value="line" disabled={board.lineAwarded}>
                    {t('kind.line')}
                  </option>
                  <option value="bingo">{t('kind.bingo')}</option>
                </select>
              </label>
              <label>
                {t('claims.series')}
                <select data-testid="claim-series" value={seriesCode} onChange={(e) => setSeriesChoice(e.target.value)} disabled={!drawing}>
                  {codes.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('claims.card')}
                <input
                  ref={cardRef}
                  data-testid="claim-card"
                  className="claim-card"
                  autoComplete="off"
                  value={cardText}
                  onChange={(e) => {
                    // Digits, or a series' letters then digits as printed on the card (a scanner types them).
                    setCardText(e.target.value.toUpperCase().replace(/[^A-Z0-9 º.-]/g, '').slice(0, 12));
                    if (outcome?.type !== 'manual') setOutcome(null);
                  }}
                  disabled={!drawing}
                />
              </label>
              <button ref={submitRef} type="submit" className="btn btn-primary btn-large" data-testid="claim-submit" disabled={!drawing || busy}>
                {t('claims.verify')}
              </button>
            </form>
            {/* The claim windows right under the check: a verdict with its card never pushes them out of sight. */}
            <div className="close-row">
              <button
                type="button"
                className={`btn btn-large ${pending('line') > 0 ? 'btn-warning' : ''}`}
                data-testid="close-line"
                disabled={!drawing || board.lineAwarded || busy}
                onClick={() => void close('line')}
              >
                <span className="close-ask">
                  <Trans i18nKey="claims.closeLineAsk" components={{ q: <span lang="pt-PT" /> }} />
                </span>
                <span className="visually-hidden"> — </span>
                <span className="close-act">{t('claims.closeLine')}</span>
              </button>
              <button
                type="button"
                className={`btn btn-large ${pending('bingo') > 0 ? 'btn-warning' : ''}`}
                data-testid="close-bingo"
                disabled={!drawing || busy}
                onClick={() => void close('bingo')}
              >
                <span className="close-ask">
                  <Trans i18nKey="claims.closeBingoAsk" components={{ q: <span lang="pt-PT" /> }} />
                </span>
                <span className="visually-hidden"> — </span>
                <span className="close-act">{t('claims.closeBingo')}</span>
              </button>
            </div>
            <div ref={resultRef} className="claim-result" data-testid="claim-result" aria-live="polite">
              {result}
            </div>
          </section>

          {atThisBall.length > 0 ? (
            <section aria-labelledby="claims-ball-title">
              <h3 id="claims-ball-title">{t('claims.atBall', { count: board.ballCount })}</h3>
              <ul className="claims-list" data-testid="claims-list">
                {atThisBall.map((c) => (
                  <li key={c.claimId} className={c.valid ? 'valid' : 'invalid'} data-testid={`claim-row-${c.claimId}`}>
                    <span>{t(`kind.${c.kind}`)}</span> <strong>{cardLabel(c.seriesCode, c.card)}</strong>{' '}
                    <span className={`badge ${c.valid ? 'badge-valid' : 'badge-annulled'}`}>{t(c.valid ? 'claims.rowValid' : 'claims.rowInvalid')}</span>
                    {c.manual ? <span className="badge badge-finished">{t('claims.rowManual')}</span> : null}
                    {c.awarded ? <span className="badge badge-finished">{t('claims.rowAwarded')}</span> : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {drawing ? (
            <section className="potential-box" aria-label={t('claims.potentialTitle')}>
              <h3>{t('claims.potentialTitle')}</h3>
              {!board.facesKnown ? <p className="hint hint-warn">{t('claims.facesUnknown')}</p> : null}
              <div className="potential-grid">
                {!board.lineAwarded ? potentialList('line', board.potential.lines, 'potential-lines') : null}
                {potentialList('bingo', board.potential.bingos, 'potential-bingos')}
              </div>
            </section>
          ) : null}

        </>
      )}
      <ErrorAlert error={closeError} testId="close-error" />
      {closed ? (
        <p className="success" role="status" data-testid="close-result">
          {t(closed.kind === 'line' ? 'claims.closedLine' : 'claims.closedBingo', {
            winners: closed.winners.map((w) => `${cardLabel(w.seriesCode, w.card)} (${t(`kindText.${w.kind}`)}) ${f.money(w.prizeCents)}`).join(' · '),
          })}
        </p>
      ) : null}

      <section aria-labelledby="winners-title">
        <h3 id="winners-title">{t('winners.title')}</h3>
        <TableRegion name={t('winners.title')} testId="winners">
          {board.winners.length === 0 ? (
            <p className="empty">{t('winners.none')}</p>
          ) : (
            <table className="table compact">
              <thead>
                <tr>
                  <th scope="col">{t('winners.kind')}</th>
                  <th scope="col">{t('winners.card')}</th>
                  <th scope="col" className="num">{t('winners.ball')}</th>
                  <th scope="col" className="num">{t('winners.prize')}</th>
                  <th scope="col">{t('winners.status')}</th>
                </tr>
              </thead>
              <tbody>
                {board.winners.map((w) => (
                  <tr key={w.winnerId} data-testid={`winner-row-${w.winnerId}`}>
                    <td>{t(`kind.${w.kind}`)}</td>
                    <td>{cardLabel(w.seriesCode, w.card)}</td>
                    <td className="num">{w.ballCount}</td>
                    <td className="num">
                      <strong>{f.money(w.prizeCents)}</strong>
                    </td>
                    <td>{t(`prizeStatus.${w.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </TableRegion>
      </section>
      {confirmClose ? (
        <ConfirmDialog
          title={t(confirmClose === 'line' ? 'claims.closeLineTitle' : 'claims.closeBingoTitle', { ball: board.ballCount })}
          confirmLabel={t(confirmClose === 'line' ? 'claims.closeLine' : 'claims.closeBingo')}
          testId="close-claims-dialog"
          confirmTestId="close-claims-confirm"
          onConfirm={() => invoke('game.closeClaims', { gameId: game.id, kind: confirmClose, claimIds: awardable(confirmClose).map((c) => c.claimId) })}
          onDone={(value) => void afterClose(confirmClose, value)}
          onClose={() => setConfirmClose(null)}
        >
          <p className="confirm-what" data-testid="close-claims-what">
            {t(confirmClose === 'line' ? 'claims.closeLineText' : 'claims.closeBingoText', {
              count: awardable(confirmClose).length,
              cards: awardable(confirmClose)
                .map((c) => cardLabel(c.seriesCode, c.card))
                .join(', '),
              amount: f.money((confirmClose === 'line' ? game.linePrizeCents : game.bingoPrizeCents) ?? 0),
            })}
          </p>
          {confirmClose === 'bingo' && !board.lineAwarded ? <p className="hint">{t('claims.closeBingoLineToo', { amount: f.money(game.linePrizeCents ?? 0) })}</p> : null}
          {confirmClose === 'bingo' && board.special?.eligible && board.special.fundCents > 0 ? (
            <p className="hint">{t('claims.closeBingoSpecial', { amount: f.money(board.special.fundCents), balls: board.special.balls })}</p>
          ) : null}
          <p className="hint">{t(confirmClose === 'line' ? 'claims.closeLineNote' : 'claims.closeBingoNote')}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
