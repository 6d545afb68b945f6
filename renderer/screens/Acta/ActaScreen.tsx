import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameView, IncidentView } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { ActaChecks } from './ActaChecks.js';
import { ActaGames } from './ActaGames.js';
import { ActaPrizes } from './ActaPrizes.js';
import { InspectorExport } from './InspectorExport.js';
import { PdfButtons } from './PdfButtons.js';
import { SessionSales } from './SessionSales.js';
import { TableRegion } from '../../components/TableRegion.js';


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
              {/* Art. 3.º, n.º 2: the emission numbers of the series sold, once one is on record (the PDF names those missing too). */}
              {a.emissions.some((e) => e.emission !== null) ? (
                <span className="fund-start" data-testid="acta-emissions">
                  {' · '}
                  {t('acta.emissions', { list: a.emissions.map((e) => `${e.seriesCode} ${e.emission ?? t('acta.emissionNone')}`).join('; ') })}
                </span>
              ) : null}
            </p>
          ) : null}
          {session ? <PdfButtons sessionId={session.id} /> : null}
        </div>
        <ActaGames acta={a} />
        {a ? <ActaPrizes acta={a} /> : null}
      </section>
      {session ? <SessionSales sessionId={session.id} /> : null}
      <div className="columns">
        <Incidents games={current.data?.games ?? []} incidents={a?.incidents ?? []} />
        <ActaChecks acta={a} />
      </div>
      <InspectorExport />
    </main>
  );
}
