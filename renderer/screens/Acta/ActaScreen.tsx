import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelInput, GameView, IncidentView } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { CheckConfirm } from '../../components/CheckConfirm.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { InspectorExport } from './InspectorExport.js';
import { PdfButtons } from './PdfButtons.js';
import { SessionSales } from './SessionSales.js';
import { TableRegion } from '../../components/TableRegion.js';

type Check = ChannelInput<'session.recordCheck'>;
const CHECKS: readonly Check[] = [
  { phase: 'start', kind: 'material' },
  { phase: 'start', kind: 'balls' },
  { phase: 'end', kind: 'material' },
  { phase: 'end', kind: 'balls' },
];

function Incidents({ games, incidents }: { games: readonly GameView[]; incidents: readonly IncidentView[] }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const [text, setText] = useState('');
  const [gameId, setGameId] = useState('');
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setDone(false);
    if (text.trim() === '') {
      setError(t('incidents.textRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    const r = await invoke('incident.add', gameId ? { text: text.trim(), gameId: Number(gameId) } : { text: text.trim() });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setText('');
    setGameId('');
    setDone(true);
  };

  return (
    <section className="panel" aria-labelledby="incidents-title">
      <h2 id="incidents-title">{t('incidents.title')}</h2>
      {i18n.language === 'en' && incidents.length > 0 ? <p className="hint">{t('incidents.recordLanguage')}</p> : null}
      {incidents.length === 0 ? (
        <p className="empty">{t('incidents.none')}</p>
      ) : (
        <TableRegion name={t('incidents.title')}>
          <table className="table compact" data-testid="incidents">
            <thead>
              <tr>
                <th scope="col">{t('incidents.at')}</th>
                <th scope="col" className="num">{t('incidents.game')}</th>
                <th scope="col">{t('incidents.author')}</th>
                <th scope="col">{t('incidents.text')}</th>
              </tr>
            </thead>
            <tbody>
              {incidents.map((i) => (
                <tr key={i.id} data-testid={`incident-row-${i.id}`}>
                  <td className="nowrap">{f.time(i.at)}</td>
                  <td className="num">{i.gameNumber ?? '—'}</td>
                  <td>{i.author}</td>
                  <td>
                    {i.kind !== 'manual' ? <span className="badge badge-finished">{t(`incidentKind.${i.kind}`, { defaultValue: i.kind })}</span> : null}{' '}
                    {/* The kiosk's own entries are the record as written, in Portuguese (DN art. 17.º, n.º 4, and 18.º). */}
                    <span lang={i.kind !== 'manual' ? 'pt-PT' : undefined}>{i.text}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <form className="form incident-form" onSubmit={submit} aria-label={t('incidents.add')}>
        <h3>{t('incidents.add')}</h3>
        <label>
          {t('incidents.gameOptional')}
          <select data-testid="incident-game" value={gameId} onChange={(e) => setGameId(e.target.value)}>
            <option value="">{t('incidents.noGame')}</option>
            {[...games]
              .sort((a, b) => b.number - a.number)
              .map((g) => (
                <option key={g.id} value={String(g.id)}>
                  {t('incidents.gameOption', { number: g.number })}
                </option>
              ))}
          </select>
        </label>
        <label>
          {t('incidents.text')}
          <textarea data-testid="incident-text" rows={3} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary" data-testid="incident-submit" disabled={busy}>
          {busy ? t('common.working') : t('incidents.submit')}
        </button>
      </form>
      {done ? (
        <p className="success" role="status" data-testid="incident-result">
          {t('incidents.done')}
        </p>
      ) : null}
      <ErrorAlert error={error} testId="incident-error" />
    </section>
  );
}

/** Manager/admin: the acta of the open session (art. 17.º), its checks and the incident book. */
export function ActaScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const current = useKioskQuery('session.current', {});
  const session = current.data?.session ?? null;
  const acta = useKioskQuery('session.acta', session ? { sessionId: session.id } : null);
  // The check waiting for its confirmation: it is written in the acta for good.
  const [asked, setAsked] = useState<Check | null>(null);
  const a = acta.data;

  if (current.data !== undefined && session === null) {
    return (
      <main className="screen acta-screen">
        <section className="panel" data-testid="acta-none">
          <p className="big-message">{t('acta.noSession')}</p>
        </section>
        <InspectorExport />
      </main>
    );
  }

  const money = (c: number) => (c === 0 ? '—' : f.money(c));

  return (
    <main className="screen acta-screen" aria-labelledby="acta-title">
      <ErrorAlert error={current.error ?? acta.error} testId="load-error" />
      <section className="panel">
        <div className="panel-head">
          <h1 id="acta-title" className="h2">
            {a ? t('acta.title', { id: a.sessionId }) : t('acta.titlePlain')}
          </h1>
          {a ? (
            <p className="meta" data-testid="acta-session">
              {a.hallName}
              {a.licence ? ` · ${t('acta.licence', { licence: a.licence })}` : ''} · {t('acta.opened', { at: f.dateTime(a.openedAt) })} ·{' '}
              {a.closedAt ? t('acta.closed', { at: f.dateTime(a.closedAt) }) : t('acta.closeAt', { at: f.dateTime(a.scheduledCloseAt) })}
              {a.specialBalls !== null ? ` · ${t('acta.specialBalls', { balls: a.specialBalls })}` : ''}
              {a.specialFundStarts.map((s) => (
                <span key={s.at} className="fund-start" data-testid="fund-start">
                  {' · '}
                  {s.gameNumber === null
                    ? t('acta.fundStartedAtOpen', { amount: f.money(s.amountCents) })
                    : t('acta.fundRestarted', { amount: f.money(s.amountCents), number: s.gameNumber })}
                </span>
              ))}
              {a.specialFundCarried.map((c) => (
                <span key={c.at} className="fund-start" data-testid="fund-carried">
                  {' · '}
                  {t('acta.fundCarried', { amount: f.money(c.amountCents), by: c.by, decision: c.decision })}
                </span>
              ))}
            </p>
          ) : null}
          {session ? <PdfButtons sessionId={session.id} /> : null}
        </div>
        {!a ? (
          <p className="loading">{t('common.loading')}</p>
        ) : a.games.length === 0 ? (
          <p className="empty">{t('acta.noGames')}</p>
        ) : (
          <TableRegion name={t('acta.gamesCaption')}>
            <table className="table acta">
              <caption className="visually-hidden">{t('acta.gamesCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col" className="num">{t('acta.number')}</th>
                  <th scope="col">{t('acta.series')}</th>
                  <th scope="col" className="num">{t('acta.price')}</th>
                  <th scope="col" className="num">{t('acta.cardsSold')}</th>
                  <th scope="col" className="num">{t('acta.total')}</th>
                  <th scope="col" className="num">{t('acta.linePaid')}</th>
                  <th scope="col" className="num">{t('acta.bingoPaid')}</th>
                  <th scope="col" className="num">{t('acta.specialPaid')}</th>
                  <th scope="col" className="num">{t('acta.stampDuty')}</th>
                  <th scope="col">{t('acta.state')}</th>
                </tr>
              </thead>
              <tbody>
                {a.games.map((g) => (
                  <tr key={g.number} data-testid={`acta-game-${g.number}`} className={`state-${g.state}`}>
                    <th scope="row" className="num">
                      {g.number}
                    </th>
                    <td>
                      {g.series.length === 0
                        ? '—'
                        : g.series.map((s) => (
                            <span key={s.order} className="acta-series">
                              {t('acta.seriesRange', { order: s.order, code: s.seriesCode, from: s.from, to: s.to })}
                            </span>
                          ))}
                    </td>
                    <td className="num">{f.money(g.priceCents)}</td>
                    <td className="num">{g.cardsSold}</td>
                    <td className="num">{f.money(g.totalCents)}</td>
                    <td className="num">{money(g.linePaidCents)}</td>
                    <td className="num">{money(g.bingoPaidCents)}</td>
                    <td className="num">{money(g.specialPaidCents)}</td>
                    <td className="num">{f.money(g.stampDutyCents)}</td>
                    <td>
                      <span className={`badge badge-${g.state}`}>{t(`gameState.${g.state}`, { defaultValue: g.state })}</span>
                      {/* The reason under the badge: a badge holds one short word, never wider than its column. */}
                      {g.annulReason ? <span className="acta-note">{t(`annulReason.${g.annulReason}`, { defaultValue: g.annulReason })}</span> : null}
                      {g.isLast ? <span className="badge badge-last">{t('draw.lastGame')}</span> : null}
                      {g.refundedCents > 0 ? <span className="acta-note">{t('acta.refunded', { amount: f.money(g.refundedCents) })}</span> : null}
                      {g.balls > 0 ? <span className="acta-note">{t('acta.balls', { count: g.balls, set: g.ballSet ?? '—' })}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr data-testid="acta-totals">
                  <th scope="row" colSpan={3}>
                    {t('acta.totals')}
                  </th>
                  <td className="num">{a.totals.cardsSold}</td>
                  <td className="num">{f.money(a.totals.totalCents)}</td>
                  <td className="num" colSpan={3}>
                    {t('acta.prizesPaid', { amount: f.money(a.totals.prizesPaidCents) })}
                  </td>
                  <td className="num">{f.money(a.totals.stampDutyCents)}</td>
                  <td>{a.totals.refundedCents > 0 ? t('acta.refunded', { amount: f.money(a.totals.refundedCents) }) : ''}</td>
                </tr>
              </tfoot>
            </table>
          </TableRegion>
        )}
      </section>
      {session ? <SessionSales sessionId={session.id} /> : null}
      <div className="columns">
        <Incidents games={current.data?.games ?? []} incidents={a?.incidents ?? []} />
        <section className="panel" aria-labelledby="checks-title">
          <h2 id="checks-title">{t('checks.title')}</h2>
          {a && a.checks.length > 0 ? (
            <ul className="checks-list" data-testid="checks">
              {a.checks.map((c, i) => (
                <li key={i}>
                  {t('checks.entry', {
                    phase: t(`checks.phase.${c.phase}`, { defaultValue: c.phase }),
                    kind: t(`checks.kind.${c.kind}`, { defaultValue: c.kind }),
                    at: f.shortTime(c.at),
                    by: c.by,
                  })}
                </li>
              ))}
            </ul>
          ) : (
            <p className="empty">{t('checks.none')}</p>
          )}
          <div className="check-buttons">
            {CHECKS.map((c) => (
              <button
                key={`${c.phase}-${c.kind}`}
                type="button"
                className="btn"
                data-testid={`check-${c.phase}-${c.kind}`}
                onClick={() => setAsked(c)}
              >
                {t(`checks.button.${c.phase}.${c.kind}`)}
              </button>
            ))}
          </div>
          {asked ? <CheckConfirm check={asked} onClose={() => setAsked(null)} onDone={() => setAsked(null)} /> : null}
        </section>
      </div>
      <InspectorExport />
    </main>
  );
}
