import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { formatCents } from '../../../core/money.js';
import { invoke } from '../../client.js';
import { BarChart } from '../../components/BarChart.js';
import { CheckConfirm } from '../../components/CheckConfirm.js';
import { CsvButton } from '../../components/CsvButton.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { ReprintZButton } from '../../components/ReprintZButton.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { CloseDay, ClosedDay, type Closed } from './CloseDay.js';
import { PdfButtons } from './PdfButtons.js';
import { TableRegion } from '../../components/TableRegion.js';

type Overview = ChannelOutput<'session.overview'>;
type Blocker = Overview['blockers'][number];
type Tally = Overview['prizes']['paid'];

/** One thing standing between the session and its close, saying where it is done. */
function BlockerLine({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  if (blocker.kind === 'game') {
    return <>{t('dayClose.blocker.game', { number: blocker.number, state: t(`gameState.${blocker.state}`, { defaultValue: blocker.state }) })}</>;
  }
  if (blocker.kind === 'drawer') return <>{t('dayClose.blocker.drawer', { terminal: blocker.terminalId, operator: blocker.operator })}</>;
  if (blocker.kind === 'double_pending') return <>{t('dayClose.blocker.doublePending', { number: blocker.number })}</>;
  return <>{t('dayClose.blocker.endCheck')}</>;
}

function Blockers({ blockers }: { blockers: readonly Blocker[] }) {
  const { t } = useTranslation();
  // The end-of-session ball check waits for its confirmation: it is written in the acta for good.
  const [asking, setAsking] = useState(false);
  if (blockers.length === 0) {
    return (
      <p className="success" role="status" data-testid="day-close-ready">
        {t('dayClose.ready')}
      </p>
    );
  }
  return (
    <div className="blockers" data-testid="day-close-blockers">
      <p className="blockers-title">{t('dayClose.blockersTitle', { count: blockers.length })}</p>
      <ul>
        {blockers.map((b) => (
          <li
            key={b.kind === 'game' ? `g${b.number}` : b.kind === 'drawer' ? `d${b.terminalId}` : b.kind === 'double_pending' ? `p${b.number}` : b.kind}
            data-testid={`blocker-${b.kind}`}
          >
            <BlockerLine blocker={b} />
            {b.kind === 'end_check' ? (
              <button type="button" className="btn" data-testid="record-end-check" onClick={() => setAsking(true)}>
                {t('checks.button.end.balls')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {asking ? <CheckConfirm check={{ phase: 'end', kind: 'balls' }} onClose={() => setAsking(false)} onDone={() => setAsking(false)} /> : null}
    </div>
  );
}

/** A variance with its sign: `+2,00 €`, `-1,50 €`, `0,00 €`. */
const signed = (cents: number) => (cents > 0 ? '+' : '') + formatCents(cents);

function Drawers({ drawers }: { drawers: Overview['drawers'] }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (drawers.length === 0) return <p className="empty">{t('dayClose.noDrawers')}</p>;
  return (
      <TableRegion name={t('dayClose.drawersTitle')}>
        <table className="table" data-testid="day-close-drawers">
          <thead>
            <tr>
              <th scope="col">{t('dayClose.col.terminal')}</th>
              <th scope="col">{t('dayClose.col.operator')}</th>
              <th scope="col">{t('dayClose.col.opened')}</th>
              <th scope="col" className="num">{t('dayClose.col.float')}</th>
              <th scope="col" className="num">{t('dayClose.col.cash')}</th>
              <th scope="col" className="num">{t('dayClose.col.counted')}</th>
              <th scope="col" className="num">{t('dayClose.col.variance')}</th>
              <th scope="col">{t('dayClose.col.z')}</th>
            </tr>
          </thead>
          <tbody>
            {drawers.map((d) => (
              <tr key={d.drawerId} data-testid={`day-close-drawer-${d.drawerId}`}>
                <th scope="row">{d.terminalId}</th>
                <td>{d.operator}</td>
                <td className="nowrap">{f.shortTime(d.openedAt)}</td>
                <td className="num">{f.money(d.floatCents)}</td>
                <td className="num">{f.money(d.cashCents)}</td>
                <td className="num">{d.countedCents === null ? <span className="badge badge-selling">{t('dayClose.open')}</span> : f.money(d.countedCents)}</td>
                <td className={`num${d.varianceCents || d.chipsVarianceCents ? ' variance' : ''}`}>
                  {d.varianceCents === null ? '' : signed(d.varianceCents)}
                  {d.chipsVarianceCents === null ? null : (
                    <span className="meta nowrap" data-testid={`day-close-chips-variance-${d.drawerId}`}>
                      <br />
                      {t('dayClose.chipsVariance', { amount: signed(d.chipsVarianceCents) })}
                    </span>
                  )}
                </td>
                <td>
                  {d.zNumber === null ? '' : <ReprintZButton drawerId={d.drawerId} zNumber={d.zNumber} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
  );
}

function Figures({ title, paid, unpaid, carriedIn, testId }: { title: string; paid: Tally; unpaid: Tally; carriedIn: Tally; testId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const line = (key: string, x: Tally) => (
    <div className="figure-line" data-testid={`${testId}-${key}`}>
      <dt>{t(`dayClose.${key}`)}</dt>
      <dd>
        {t('dayClose.tally', { count: x.count, amount: f.money(x.cents) })}
      </dd>
    </div>
  );
  return (
    <section className="panel figures" aria-label={title}>
      <h3>{title}</h3>
      <dl>
        {line('paid', paid)}
        {line('unpaid', unpaid)}
        {line('carriedIn', carriedIn)}
      </dl>
    </section>
  );
}

/** Where the group's copy of this hall's journal stands (shown where a group database is set). */
function JournalPanel() {
  const { t } = useTranslation();
  const f = useFormat();
  const health = useKioskQuery('system.health', {});
  const j = health.data?.journal ?? null;
  if (!j) return null;
  const trouble = j.state === 'unreachable' || j.state === 'diverged';
  return (
    <section className="panel" aria-labelledby="day-close-journal-title" data-testid="day-close-journal">
      <div className="panel-head">
        <h2 id="day-close-journal-title">{t('dayClose.journalTitle')}</h2>
      </div>
      <p className={trouble ? 'banner banner-offline' : 'meta'} role={trouble ? 'alert' : 'status'} data-testid="journal-state">
        {t(`dayClose.journal.${j.state}`, {
          count: j.backlog,
          head: j.groupHead ?? 0,
          seq: j.divergedSeq ?? 0,
          cause: j.cause ?? '',
          since: j.since ? f.shortTime(j.since) : '',
        })}
      </p>
      {j.lastShippedAt && j.lastEntryAt ? <p className="meta">{t('dayClose.journalLast', { at: f.time(j.lastShippedAt), entryAt: f.dateTime(j.lastEntryAt) })}</p> : null}
    </section>
  );
}

/**
 * Manager at the end of the night: what was sold per game, each drawer's
 * cash, prizes and refunds paid and owed, what still blocks the close (with
 * the way to clear it), the acta's PDF, a backup, and the close itself.
 */
export function DayCloseScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const current = useKioskQuery('session.current', {});
  const session = current.data?.session ?? null;
  const overview = useKioskQuery('session.overview', session ? { sessionId: session.id } : null);
  const [closed, setClosed] = useState<Closed | null>(null);
  const o = overview.data;

  if (current.data !== undefined && session === null) {
    return (
      <main className="screen day-close-screen">
        {closed ? <ClosedDay closed={closed} /> : null}
        {closed ? <PdfButtons sessionId={closed.sessionId} /> : null}
        <section className="panel" data-testid="day-close-none">
          <p className="big-message">{t(closed ? 'dayClose.nextDay' : 'acta.noSession')}</p>
        </section>
      </main>
    );
  }

  const sold = o ? o.games.filter((g) => g.state !== 'annulled').reduce((s, g) => s + g.totalCents, 0) : 0;
  return (
    <main className="screen day-close-screen" aria-labelledby="day-close-title">
      <ErrorAlert error={current.error ?? overview.error} testId="load-error" />
      <section className="panel">
        <div className="panel-head">
          <h1 id="day-close-title" className="h2">
            {session ? t('dayClose.title', { id: session.id }) : t('closeDay.title')}
          </h1>
          {session ? <PdfButtons sessionId={session.id} /> : null}
        </div>
        {o ? <Blockers blockers={o.blockers} /> : <p className="loading">{t('common.loading')}</p>}
      </section>
      {o ? (
        <>
          <section className="panel" aria-labelledby="day-close-sales">
            <div className="panel-head">
              <h2 id="day-close-sales">{t('dayClose.salesTitle')}</h2>
              <p className="meta" data-testid="day-close-sold">
                {t('dayClose.sold', { amount: f.money(sold), games: o.games.length })}
                {o.specialFundCents !== null ? ` · ${t(o.specialFundFrozen ? 'dayClose.specialFundFrozen' : 'dayClose.specialFund', { amount: f.money(o.specialFundCents) })}` : ''}
                {o.guiasUnpaid.count > 0 ? ` · ${t('dayClose.guiasUnpaid', { count: o.guiasUnpaid.count, amount: f.money(o.guiasUnpaid.cents) })}` : ''}
              </p>
              <CsvButton label={t('csv.sales')} testId="export-sales" progress fetch={() => invoke('export.sales', { sessionId: o.sessionId })} />
            </div>
            {o.games.length === 0 ? (
              <p className="empty">{t('dayClose.noGames')}</p>
            ) : (
              <BarChart
                testId="sales-chart"
                title={t('dayClose.chartTitle')}
                labelHeading={t('dayClose.col.game')}
                valueHeading={t('dayClose.col.sold')}
                bars={o.games.map((g) => ({
                  key: String(g.number),
                  label: t('dayClose.gameLabel', { number: g.number }),
                  value: g.state === 'annulled' ? 0 : g.totalCents,
                  muted: g.state === 'annulled',
                  valueText: g.state === 'annulled' ? t('dayClose.annulled') : f.money(g.totalCents),
                }))}
              />
            )}
          </section>
          <JournalPanel />
          <section className="panel" aria-labelledby="day-close-drawers-title">
            <div className="panel-head">
              <h2 id="day-close-drawers-title">{t('dayClose.drawersTitle')}</h2>
              <CsvButton label={t('csv.zReports')} testId="export-z" fetch={() => invoke('export.zReports', { sessionId: o.sessionId })} />
            </div>
            <Drawers drawers={o.drawers} />
          </section>
          <div className="columns-even">
            <Figures title={t('dayClose.prizesTitle')} testId="prizes" {...o.prizes} />
            <Figures title={t('dayClose.refundsTitle')} testId="refunds" {...o.refunds} />
          </div>
        </>
      ) : null}
      {session ? <CloseDay sessionId={session.id} blocked={(o?.blockers.length ?? 0) > 0} onClosed={setClosed} /> : null}
    </main>
  );
}
