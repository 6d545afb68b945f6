import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import type { DrawerView, XReportAnswer } from '../../../core/drawers/contract.js';
import type { DrawerLine } from '../../../core/money-kinds.js';
import { CASH_LINES, CHIP_LINES } from '../../../core/money-registry.js';
import { MOVEMENT_KINDS, type MovementKind } from '../../../core/drawers/rules.js';
import { invoke, type ClientError } from '../../client.js';
import { ApprovalDialog } from '../../components/ApprovalDialog.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useHallLinkDown, useOffline } from '../../components/LinkBanner.js';
import { ReasonPicker } from '../../components/ReasonPicker.js';
import { ReceiptStatus } from '../../components/ReceiptStatus.js';
import { ReprintZButton } from '../../components/ReprintZButton.js';
import { usePrintState } from '../../components/PrintJobs.js';
import type { PrintJobView } from '../../lib/printing.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { parseEuroText } from '../../lib/money.js';
import { CountForm } from './CountForm.js';

type Closed = ChannelOutput<'drawer.close'>;
interface Counted {
  map: Record<string, number>;
  cents: number;
  chips: { map: Record<string, number>; cents: number } | null;
}

/**
 * The terminal's cash drawer (SPEC 9): open it with the float counted by
 * denomination, record pay-ins, pay-outs and drops, print the X report, and
 * close it blind: the expected cash appears only after the close.
 */
export function DrawerScreen() {
  const { t } = useTranslation();
  const current = useKioskQuery('drawer.current', {});
  const [closed, setClosed] = useState<Closed | null>(null);
  const drawer = current.data;
  // The link to the hall down: the banner says it, once (not again as the drawer's load error).
  const linkDown = useHallLinkDown();

  return (
    <main className="screen drawer-screen" aria-labelledby="drawer-title">
      <h1 id="drawer-title" className="visually-hidden">
        {t('drawer.screenTitle')}
      </h1>
      <ErrorAlert error={linkDown ? null : current.error} testId="drawer-load-error" />
      {closed ? <ClosedDrawer closed={closed} /> : null}
      {drawer === undefined ? (
        <p className="loading">{t('common.loading')}</p>
      ) : drawer === null ? (
        <OpenDrawer onOpened={() => setClosed(null)} />
      ) : (
        <OpenedDrawer key={drawer.drawerId} drawer={drawer} onClosed={setClosed} />
      )}
    </main>
  );
}

/** No drawer on this terminal: count the float and open it. */
function OpenDrawer({ onOpened }: { onOpened: () => void }) {
  const { t } = useTranslation();
  const me = useKioskQuery('auth.me', {});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | null>(null);
  const open = async (map: Record<string, number>, chips: Counted['chips']) => {
    setBusy(true);
    setError(null);
    const r = await invoke('drawer.open', { floatByDenomination: map, ...(chips && chips.cents > 0 ? { chipFloatByValue: chips.map } : {}) });
    setBusy(false);
    if (r.ok) onOpened();
    else setError(r.error);
  };
  return (
    <section className="panel" data-testid="drawer-closed-state">
      <p className="notice" data-testid="drawer-none">
        {t('drawer.none')}
      </p>
      {/* A casino caixa also counts its chip float; the form starts with it for caixa staff. */}
      <CountForm
        key={me.data ? 'me' : 'loading'}
        prefix="open"
        title={t('drawer.openTitle')}
        hint={t('drawer.openHint')}
        submitLabel={t('drawer.open')}
        busy={busy}
        chips="optional"
        chipsShown={me.data?.roles.includes('caixa') ?? false}
        onSubmit={(map, _cents, chips) => void open(map, chips)}
      >
        <ErrorAlert error={error} testId="drawer-open-error" />
      </CountForm>
    </section>
  );
}

/** The open drawer: who, since when, its float; movements, the X report and the blind close. */
function OpenedDrawer({ drawer, onClosed }: { drawer: DrawerView; onClosed: (closed: Closed) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  // A count on record goes straight to the acceptance it waits for.
  const [closing, setClosing] = useState(drawer.recordedCount !== null);
  const [xReport, setXReport] = useState<XReportAnswer | null>(null);
  const [xBusy, setXBusy] = useState(false);
  const [xError, setXError] = useState<ClientError | null>(null);
  const offline = useOffline();

  const printX = async () => {
    if (xBusy) return;
    setXBusy(true);
    setXError(null);
    const r = await invoke('report.x', {});
    setXBusy(false);
    if (r.ok) setXReport(r.value);
    else setXError(r.error);
  };

  return (
    <>
      {closing ? null : (
        <section className="panel drawer-status" aria-labelledby="drawer-status-title">
          <div className="panel-head">
            <div>
              <h2 id="drawer-status-title">{t('drawer.openState', { id: drawer.drawerId })}</h2>
              <p className="meta" data-testid="drawer-status">
                {t('drawer.openedBy', { operator: drawer.openedBy, at: f.dateTime(drawer.openedAt), terminal: drawer.terminalId })} ·{' '}
                {t('drawer.float')} <strong data-testid="drawer-float">{f.money(drawer.floatCents)}</strong>
                {drawer.chipFloatCents > 0 ? (
                  <>
                    {' · '}
                    {t('drawer.chipFloat')} <strong data-testid="drawer-chip-float">{f.money(drawer.chipFloatCents)}</strong>
                  </>
                ) : null}
              </p>
            </div>
            <div className="check-buttons">
              <button type="button" className="btn btn-large" data-testid="drawer-x-report" disabled={xBusy} onClick={() => void printX()} {...offline}>
                {xBusy ? t('common.working') : t('drawer.xReport')}
              </button>
              <button
                type="button"
                className="btn btn-danger btn-large"
                data-testid="drawer-close-start"
                {...offline}
                onClick={() => {
                  setXReport(null);
                  setClosing(true);
                }}
              >
                {t('drawer.closeStart')}
              </button>
            </div>
          </div>
        </section>
      )}
      {closing ? (
        <BlindClose drawer={drawer} onClosed={onClosed} onCancel={() => setClosing(false)} />
      ) : (
        // The movement's form on the left, the rest on the right: a refusal under the form moves no other act.
        <div className="columns drawer-columns">
          <Movement />
          <div>
            <Kick />
            {/* The X's refusal where the X shows, under the acts: said there, it moves none of them. */}
            <ErrorAlert error={xError} testId="drawer-x-error" />
            {xReport ? <XReport report={xReport} onHide={() => setXReport(null)} /> : null}
          </div>
        </div>
      )}
    </>
  );
}

/**
 * The drawer opened without a sale (drawer.kick): its own permission. A
 * manager gives a reason; anyone else also needs a manager's username and PIN.
 * The receipts printer opens it and prints a slip naming who, why and who allowed it.
 */
function Kick() {
  const { t } = useTranslation();
  const me = useKioskQuery('auth.me', {});
  const isManager = me.data?.roles.some((r) => r === 'manager' || r === 'admin') ?? false;
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | null>(null);
  const [done, setDone] = useState(false);
  const offline = useOffline();
  const start = () => {
    setDone(false);
    setError(null);
    setAsking(true);
  };
  const submitAsManager = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const r = await invoke('drawer.kick', { reason: reason.trim() });
    setBusy(false);
    if (r.ok) {
      setAsking(false);
      setReason('');
      setDone(true);
    } else setError(r.error);
  };
  return (
    <section className="panel" aria-labelledby="kick-title">
      <h2 id="kick-title">{t('drawer.kick.title')}</h2>
      <p className="meta">{t('drawer.kick.explain')}</p>
      {asking && isManager ? (
        <form className="form" onSubmit={(e) => void submitAsManager(e)}>
          <ReasonPicker act="drawer.kick" label={t('drawer.kick.reason')} value={reason} onChange={setReason} testId="kick-reason" disabled={busy} />
          <div className="form-row">
            {/* Nothing to send until a reason is chosen or typed. */}
            <button type="submit" className="btn btn-primary" disabled={busy || reason.trim() === ''} data-testid="kick-submit">
              {busy ? t('common.working') : t('drawer.kick.submit')}
            </button>
            <button type="button" className="btn" onClick={() => setAsking(false)}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn" data-testid="kick-start" onClick={start} {...offline}>
          {t('drawer.kick.button')}
        </button>
      )}
      {asking && !isManager ? (
        <ApprovalDialog
          title={t('drawer.kick.title')}
          explain={t('drawer.kick.approvalExplain')}
          submitLabel={t('drawer.kick.submit')}
          testId="kick-approval"
          reason={{ label: t('drawer.kick.reason'), act: 'drawer.kick' }}
          onSubmit={(approval, why) => invoke('drawer.kick', { reason: why, approval })}
          onDone={() => {
            setAsking(false);
            setDone(true);
          }}
          onClose={() => setAsking(false)}
        />
      ) : null}
      {done ? (
        <p role="status" className="success" data-testid="kick-done">
          {t('drawer.kick.done')}
        </p>
      ) : null}
      <ErrorAlert error={error} testId="kick-error" />
    </section>
  );
}

/** A pay-in, pay-out or drop to the safe, with its amount and reason. */
function Movement() {
  const { t } = useTranslation();
  const f = useFormat();
  const [kind, setKind] = useState<MovementKind>('pay_in');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const offline = useOffline();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setDone(null);
    const cents = parseEuroText(amount);
    if (cents === null || cents <= 0) {
      setError(t('drawer.amountInvalid'));
      return;
    }
    if (reason.trim().length < 3) {
      setError(t('drawer.reasonMissing'));
      return;
    }
    setBusy(true);
    setError(null);
    const r = await invoke('drawer.move', { kind, amountCents: cents, reason: reason.trim() });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setAmount('');
    setReason('');
    setDone(t('drawer.moved', { kind: t(`drawer.kind.${r.value.kind}`), amount: f.money(r.value.amountCents), reason: r.value.reason }));
  };

  return (
    <section className="panel" aria-labelledby="movement-title">
      <h2 id="movement-title">{t('drawer.movementTitle')}</h2>
      <form className="form" onSubmit={submit}>
        <fieldset className="segmented">
          <legend>{t('drawer.movementKind')}</legend>
          {MOVEMENT_KINDS.map((k) => (
            <label key={k} className={`segment${kind === k ? ' active' : ''}`}>
              <input
                type="radio"
                name="movement-kind"
                value={k}
                checked={kind === k}
                data-testid={`movement-kind-${k}`}
                onChange={() => {
                  // Each kind has its own reasons: one chosen for another kind is dropped.
                  setKind(k);
                  setReason('');
                }}
              />
              {t(`drawer.kind.${k}`)}
            </label>
          ))}
        </fieldset>
        <div className="form-row movement-fields">
          <label>
            {t('drawer.amount')}
            <input data-testid="movement-amount" inputMode="decimal" autoComplete="off" placeholder="0,00" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </label>
        </div>
        <ReasonPicker act={`drawer.${kind}`} label={t('drawer.reason')} value={reason} onChange={setReason} testId="movement-reason" disabled={busy} />
        <button type="submit" className="btn btn-primary btn-large" data-testid="movement-submit" disabled={busy} {...offline}>
          {busy ? t('common.working') : t('drawer.movementSubmit')}
        </button>
      </form>
      <ErrorAlert error={error} testId="movement-error" />
      {done ? (
        <p className="success" role="status" data-testid="movement-result">
          {done}
        </p>
      ) : null}
    </section>
  );
}

/** Lines of the X report: each amount under its label (`x-<key>` test ids). */
/** A row of the X on screen: worded by the screen's language, else by its line's printed words (a line a domain added). */
interface XRow {
  key: string;
  label: string;
  cents: number;
}

function XRows({ rows }: { rows: readonly XRow[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <table className="table compact">
      <tbody>
        {rows.map(({ key, label, cents }) => (
          <tr key={key} data-testid={`x-${key}`}>
            <th scope="row">{t(`drawer.x.${key}`, { defaultValue: label || key })}</th>
            <td className="num">{f.money(cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The X report just printed: the drawer now, without closing it; a counter role's is blind (no amount). */
function XReport({ report, onHide }: { report: XReportAnswer; onHide: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const printing = usePrintState();
  return (
    <section className="panel" data-testid="x-report" aria-labelledby="x-report-title">
      <div className="panel-head">
        <h2 id="x-report-title">{t('drawer.xTitle', { id: report.drawerId })}</h2>
        <button type="button" className="btn" data-testid="x-report-hide" onClick={onHide}>
          {t('drawer.hide')}
        </button>
      </div>
      <p className="meta">{t('drawer.xAt', { at: f.dateTime(report.at), operator: report.operator })}</p>
      <ReceiptStatus job={drawerJobOf(printing.jobs, report.drawerId, 'x_report', report.at)} hasPrinter={printing.receiptPrinter} testId="x-print" ns="drawer.xPrint" />
      {report.blind ? (
        <p className="hint" data-testid="x-blind">
          {t('drawer.xBlind')}
        </p>
      ) : (
        <XFigures report={report} />
      )}
    </section>
  );
}

/** A manager's X: what the drawer should hold, and each line it is the sum of. */
function XFigures({ report }: { report: Extract<XReportAnswer, { blind: false }> }) {
  const { t } = useTranslation();
  const f = useFormat();
  // Each line as its domain declares it (core/money-registry.ts): money out with its sign; nothing out is 0,00 €, not -0,00 €.
  const signed = (line: DrawerLine, cents: number) => (line.side === 'in' || cents === 0 ? cents : -cents);
  const lineRows = (lines: readonly DrawerLine[], values: Readonly<Record<string, number>>, key: (line: DrawerLine) => string): XRow[] =>
    lines
      .filter((l) => l.shown === 'always' || (values[l.key] ?? 0) !== 0)
      .map((l) => ({ key: key(l), label: l.label, cents: signed(l, values[l.key] ?? 0) }));
  const rows: XRow[] = [{ key: 'openingFloat', label: '', cents: report.openingFloatCents }, ...lineRows(CASH_LINES, report.movements, (l) => l.key)];
  const c = report.chips;
  const chipRows: XRow[] = c
    ? [{ key: 'chipFloat', label: '', cents: c.floatCents }, ...lineRows(CHIP_LINES, c.movements, (l) => `chip${l.key[0]!.toUpperCase()}${l.key.slice(1)}`)]
    : [];
  return (
    <>
      <p className="x-expected" data-testid="x-expected">
        {t('drawer.expected')}: <strong>{f.money(report.expectedCents)}</strong>
      </p>
      <XRows rows={rows} />
      {c ? (
        <>
          <p className="x-expected" data-testid="x-chips-expected">
            {t('drawer.chipsExpected')}: <strong>{f.money(c.expectedCents)}</strong>
          </p>
          <XRows rows={chipRows} />
        </>
      ) : null}
    </>
  );
}

/**
 * The blind close: the count by denomination, what the close will do, and,
 * when the variance is over the hall's threshold, the count recorded as final
 * and its figures (expected, counted, variance) shown to the manager who
 * accepts it with a reason and his PIN. Nothing is shown before the count is on record.
 */
function BlindClose({ drawer, onClosed, onCancel }: { drawer: DrawerView; onClosed: (closed: Closed) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const recorded = drawer.recordedCount;
  const [counted, setCounted] = useState<Counted | null>(
    recorded
      ? {
          map: recorded.countedByDenomination,
          cents: recorded.countedCents,
          chips: recorded.countedChipsByValue ? { map: recorded.countedChipsByValue, cents: 0 } : null,
        }
      : null,
  );
  const [confirming, setConfirming] = useState(false);
  const [awaiting, setAwaiting] = useState<Closed | null>(null);
  const [asking, setAsking] = useState(false);
  const [askError, setAskError] = useState<ClientError | null>(null);

  const settle = (value: Closed) => {
    if (value.status === 'closed') onClosed(value);
    else setAwaiting(value);
  };
  // A count on record (this screen reloaded, another operator): its figures again, for the manager.
  const askAcceptance = async () => {
    if (!counted || asking) return;
    setAsking(true);
    setAskError(null);
    const r = await invoke('drawer.close', closeInput(counted));
    setAsking(false);
    if (r.ok) settle(r.value);
    else setAskError(r.error);
  };

  return (
    <section className="panel" data-testid="drawer-blind-close">
      {recorded ? (
        <div className="recorded-count" data-testid="drawer-recorded">
          <h2>{t('drawer.closeTitle', { id: drawer.drawerId })}</h2>
          <p className="notice">{t('drawer.recordedText', { at: f.dateTime(recorded.at), operator: recorded.countedBy, counted: f.money(recorded.countedCents) })}</p>
          <div className="count-actions">
            <button type="button" className="btn btn-large" onClick={onCancel} data-testid="drawer-recorded-back">
              {t('common.back')}
            </button>
            <button type="button" className="btn btn-primary btn-large" data-testid="drawer-recorded-accept" disabled={asking} onClick={() => void askAcceptance()}>
              {asking ? t('common.working') : t('drawer.recordedAccept')}
            </button>
          </div>
          <ErrorAlert error={askError} testId="drawer-recorded-error" />
        </div>
      ) : (
        <CountForm
          prefix="close"
          title={t('drawer.closeTitle', { id: drawer.drawerId })}
          hint={t('drawer.closeHint')}
          submitLabel={t('drawer.closeSubmit')}
          chips={drawer.holdsChips ? 'required' : 'off'}
          onCancel={onCancel}
          onSubmit={(map, cents, chips) => {
            setCounted({ map, cents, chips });
            setConfirming(true);
          }}
        />
      )}
      {confirming && counted ? (
        <ConfirmDialog
          title={t('drawer.confirmTitle', { id: drawer.drawerId })}
          confirmLabel={t('drawer.confirm')}
          testId="drawer-close-dialog"
          confirmTestId="drawer-close-confirm"
          danger
          onConfirm={() => invoke('drawer.close', closeInput(counted))}
          onDone={(value) => {
            setConfirming(false);
            settle(value);
          }}
          onClose={() => setConfirming(false)}
        >
          <p className="confirm-amount" data-testid="drawer-confirm-counted">
            {f.money(counted.cents)}
          </p>
          {counted.chips ? (
            <p className="confirm-amount" data-testid="drawer-confirm-chips">
              {t('drawer.confirmChips', { chips: f.money(counted.chips.cents) })}
            </p>
          ) : null}
          <p>{t('drawer.confirmText', { counted: f.money(counted.cents) })}</p>
        </ConfirmDialog>
      ) : null}
      {awaiting && counted ? (
        <ApprovalDialog
          title={t('drawer.approvalTitle')}
          explain={t('drawer.approvalExplain', { threshold: f.money(awaiting.thresholdCents) })}
          submitLabel={t('drawer.approvalSubmit')}
          testId="drawer-approval-dialog"
          reason={{ label: t('drawer.approvalReason'), act: 'drawer.variance' }}
          onSubmit={(a, reason) => invoke('drawer.close', { ...closeInput(counted), approval: a, reason })}
          onDone={(value) => {
            setAwaiting(null);
            onClosed(value);
          }}
          onClose={() => setAwaiting(null)}
        >
          <table className="table drawer-result approval-figures" data-testid="drawer-approval-figures">
            <tbody>
              <ResultRows
                labels={['drawer.expected', 'drawer.counted', 'drawer.variance']}
                testIds={['approval-expected', 'approval-counted', 'approval-variance']}
                result={awaiting}
              />
              {awaiting.chips ? (
                <ResultRows
                  labels={['drawer.chipsExpected', 'drawer.chipsCounted', 'drawer.chipsVariance']}
                  testIds={['approval-chips-expected', 'approval-chips-counted', 'approval-chips-variance']}
                  result={awaiting.chips}
                />
              ) : null}
            </tbody>
          </table>
        </ApprovalDialog>
      ) : null}
    </section>
  );
}

/** A drawer's report job (its X or Z), the first print, not a 2.ª via; an X from its time on (one drawer prints several). */
function drawerJobOf(jobs: readonly PrintJobView[] | undefined, drawerId: number, kind: 'x_report' | 'z_report', from?: string): PrintJobView | undefined {
  return jobs?.find((j) => j.refType === 'drawer' && j.refId === drawerId && j.kind === kind && j.reprintOf === null && (from === undefined || j.createdAt >= from));
}

const closeInput = (counted: Counted) => ({
  countedByDenomination: counted.map,
  ...(counted.chips ? { countedChipsByValue: counted.chips.map } : {}),
});

/** Expected, counted and the variance (signed, marked when not zero), for the cash or the chips. */
function ResultRows({
  labels,
  testIds,
  result,
}: {
  labels: readonly [string, string, string];
  testIds: readonly [string, string, string];
  result: { expectedCents: number; countedCents: number; varianceCents: number };
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const v = result.varianceCents;
  return (
    <>
      <tr>
        <th scope="row">{t(labels[0])}</th>
        <td className="num" data-testid={testIds[0]}>
          {f.money(result.expectedCents)}
        </td>
      </tr>
      <tr>
        <th scope="row">{t(labels[1])}</th>
        <td className="num" data-testid={testIds[1]}>
          {f.money(result.countedCents)}
        </td>
      </tr>
      <tr className={v === 0 ? undefined : 'variance-off'}>
        <th scope="row">{t(labels[2])}</th>
        <td className="num" data-testid={testIds[2]}>
          {v > 0 ? `+${f.money(v)}` : f.money(v)}
        </td>
      </tr>
    </>
  );
}

/** After the close, and only now: expected, counted, variance and the Z report's number. */
function ClosedDrawer({ closed }: { closed: Closed }) {
  const { t } = useTranslation();
  const f = useFormat();
  const printing = usePrintState();
  return (
    <section className="panel" data-testid="drawer-closed" aria-labelledby="drawer-closed-title">
      <h2 id="drawer-closed-title">{t('drawer.closedTitle', { id: closed.drawerId })}</h2>
      <p role="status" className="success" data-testid="drawer-z">
        {t('drawer.closedZ', { z: closed.zNumber, at: f.dateTime(closed.closedAt!) })}
      </p>
      <ReceiptStatus job={drawerJobOf(printing.jobs, closed.drawerId, 'z_report')} hasPrinter={printing.receiptPrinter} testId="drawer-z-print" ns="drawer.zPrint" />
      <table className="table drawer-result">
        <tbody>
          <ResultRows labels={['drawer.expected', 'drawer.counted', 'drawer.variance']} testIds={['drawer-expected', 'drawer-counted', 'drawer-variance']} result={closed} />
          {closed.chips ? (
            <ResultRows
              labels={['drawer.chipsExpected', 'drawer.chipsCounted', 'drawer.chipsVariance']}
              testIds={['drawer-chips-expected', 'drawer-chips-counted', 'drawer-chips-variance']}
              result={closed.chips}
            />
          ) : null}
        </tbody>
      </table>
      {closed.acceptedBy ? (
        <p className="meta" data-testid="drawer-accepted-by">
          {t('drawer.acceptedBy', { manager: closed.acceptedBy })}
        </p>
      ) : null}
      <ReprintZButton drawerId={closed.drawerId} zNumber={closed.zNumber!} />
    </section>
  );
}
