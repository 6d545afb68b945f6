import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelInput, ChannelOutput } from '../../../core/contract.js';
import type { Role } from '../../../core/roles.js';
import { invoke, type ClientError } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { usePrintState } from '../../components/PrintJobs.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { SubTabs } from '../../components/SubTabs.js';
import { useFormat } from '../../format.js';
import { useKioskQuery, type QueryState } from '../../hooks.js';
import { parseEuroText } from '../../lib/money.js';
import { ChipExchange } from './ChipExchange.js';
import { FundsPanel } from './FundsPanel.js';
import { GuiaCard, GuiaFinder, type Guia } from './GuiaDesk.js';
import { useHallLinkDown, useOffline } from '../../components/LinkBanner.js';
import { GuiasPanel } from './GuiasPanel.js';
import { ListNotGiven, useLoadError } from './ListNotGiven.js';
import { ReturnReport } from './ReturnReport.js';
import { TableSheet } from './Table/TableSheet.js';

type Kind = ChannelInput<'guia.issue'>['kind'];

/**
 * The machines as a select's options, or in their place what is known: a
 * list the hall could not give (its link down, or a refusal) is unknown, not
 * empty; the link's fault itself is said once, by the banner.
 */
function MachineOptions({ machines, label }: { machines: QueryState<ChannelOutput<'machine.list'>>; label: (m: ChannelOutput<'machine.list'>[number]) => string }) {
  const { t } = useTranslation();
  const linkDown = useHallLinkDown();
  if (machines.data === undefined && machines.error) return <option value="">{linkDown ? t('caixa.listUnavailableShort') : '—'}</option>;
  return (
    <>
      {(machines.data ?? []).map((m) => (
        <option key={m.number} value={m.number}>
          {label(m)}
        </option>
      ))}
    </>
  );
}
const KINDS: readonly Kind[] = ['hand_pay', 'jackpot', 'superjackpot', 'credits_claim'];

/** A guia for a prize the machine cannot pay (n.º 13): machine, kind, amount, optional meter readings. */
function IssueGuiaForm({ onIssued }: { onIssued: (g: Guia) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const machines = useKioskQuery('machine.list', {});
  const [machine, setMachine] = useState('');
  const [kind, setKind] = useState<Kind>('hand_pay');
  const [amount, setAmount] = useState('');
  const [meters, setMeters] = useState({ coinsIn: '', prizesPaid: '', coinsCollected: '' });
  const [notes, setNotes] = useState('');
  const [metersOpen, setMetersOpen] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const list = machines.data ?? [];
  const chosen = machine || list[0]?.number || '';
  const printing = usePrintState();
  const offline = useOffline();
  // The guia as it will be issued, said in the confirmation before it is.
  const [pending, setPending] = useState<ChannelInput<'guia.issue'> | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amountCents = parseEuroText(amount);
    if (amountCents === null || amountCents === 0) {
      setError(t('caixa.amountInvalid'));
      return;
    }
    // The meters read at the machine, each optional, whole numbers.
    const read = Object.entries(meters).filter(([, v]) => v.trim() !== '');
    if (read.some(([, v]) => !/^\d{1,15}$/.test(v.trim()))) {
      setError(t('caixa.meterInvalid'));
      return;
    }
    const meter = read.length === 0 ? null : Object.fromEntries(read.map(([k, v]) => [k, Number(v.trim())]));
    setError(null);
    setPending({
      machineNumber: chosen,
      kind,
      amountCents,
      ...(meter !== null ? { meters: meter } : {}),
      ...(notes.trim() ? { notes: notes.trim() } : {}),
    });
  };
  const issued = (g: Guia) => {
    setPending(null);
    setAmount('');
    setMeters({ coinsIn: '', prizesPaid: '', coinsCollected: '' });
    setMetersOpen(false);
    setNotes('');
    onIssued(g);
  };
  return (
    <section className="panel issue-panel" aria-labelledby="issue-title">
      <h2 id="issue-title">{t('caixa.issueTitle')}</h2>
      {list.length === 0 && machines.data ? <p className="hint">{t('caixa.noMachines')}</p> : null}
      <form className="form form-grid issue-form" onSubmit={submit}>
        <label>
          {t('caixa.machine')}
          <select data-testid="issue-machine" value={chosen} onChange={(e) => setMachine(e.target.value)}>
            <MachineOptions machines={machines} label={(m) => t('caixa.machineOption', { number: m.number, model: m.model, bet: f.money(m.betCents) })} />
          </select>
        </label>
        <label>
          {t('caixa.kind')}
          <select data-testid="issue-kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`caixa.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('caixa.amount')}
          <span className="input-suffix">
            <input data-testid="issue-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
            <span aria-hidden="true">€</span>
          </span>
        </label>
        <label>
          {t('caixa.notes')}
          <input data-testid="issue-notes" value={notes} maxLength={200} onChange={(e) => setNotes(e.target.value)} />
        </label>
        {/* The machine's meters, optional: folded unless typed, so the guia's own fields and its act fit the screen. */}
        <details className="span-2 issue-meters" open={metersOpen} onToggle={(e) => setMetersOpen(e.currentTarget.open)}>
          <summary>{t('caixa.issueMeters')}</summary>
          <div className="issue-meter-fields">
            {(['coinsIn', 'prizesPaid', 'coinsCollected'] as const).map((key) => (
              <label key={key}>
                {t(`caixa.meter.${key}`)}
                <input
                  data-testid={`issue-${key}`}
                  inputMode="numeric"
                  value={meters[key]}
                  onChange={(e) => setMeters({ ...meters, [key]: e.target.value.replace(/\D/g, '') })}
                />
              </label>
            ))}
          </div>
        </details>
        <button type="submit" className="btn btn-primary btn-large" data-testid="issue-submit" disabled={list.length === 0} {...offline}>
          {t('caixa.issueSubmit')}
        </button>
      </form>
      <ErrorAlert error={error} testId="issue-error" />
      {pending ? (
        <ConfirmDialog
          title={t('caixa.issueConfirmTitle', { amount: f.money(pending.amountCents) })}
          confirmLabel={t('caixa.issueConfirm')}
          testId="issue-dialog"
          confirmTestId="issue-confirm"
          onConfirm={() => invoke('guia.issue', pending)}
          onDone={issued}
          onClose={() => setPending(null)}
        >
          <p data-testid="issue-what">
            {t('caixa.issueConfirmText', { kind: t(`caixa.kinds.${pending.kind}`).toLowerCase(), amount: f.money(pending.amountCents), machine: pending.machineNumber })}
          </p>
          <p className="hint" data-testid="issue-prints">
            {printing.receiptPrinter === false ? t('caixa.printsNone') : t('caixa.printsTwo')}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** A machine's meters (n.º 9): whole numbers; lower than the last only as a rollover or a reset. */
function MeterForm() {
  const { t } = useTranslation();
  const f = useFormat();
  const machines = useKioskQuery('machine.list', {});
  const [machine, setMachine] = useState('');
  const [values, setValues] = useState({ coinsIn: '', prizesPaid: '', coinsCollected: '' });
  const [kind, setKind] = useState<'reading' | 'rollover' | 'reset'>('reading');
  const [modulus, setModulus] = useState('100000000');
  const [error, setError] = useState<ClientError | string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = machines.data ?? [];
  const chosen = machine || list[0]?.number || '';
  const offline = useOffline();
  // The reading as it will be recorded, said in the confirmation before it is.
  const [pending, setPending] = useState<ChannelInput<'meters.record'> | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = (s: string) => (/^\d{1,15}$/.test(s.trim()) ? Number(s.trim()) : null);
    const coinsIn = n(values.coinsIn);
    const prizesPaid = n(values.prizesPaid);
    const coinsCollected = n(values.coinsCollected);
    if (coinsIn === null || prizesPaid === null || coinsCollected === null) {
      setError(t('caixa.meterInvalid'));
      return;
    }
    setError(null);
    setDone(null);
    setPending({
      machineNumber: chosen,
      coinsIn,
      prizesPaid,
      coinsCollected,
      kind,
      ...(kind === 'rollover' && n(modulus) ? { modulus: n(modulus)! } : {}),
    });
  };
  const recorded = (r: ChannelOutput<'meters.record'>) => {
    const number = pending?.machineNumber ?? chosen;
    setPending(null);
    setValues({ coinsIn: '', prizesPaid: '', coinsCollected: '' });
    setKind('reading');
    const put = r.contributions.reduce((s, c) => s + c.amountCents, 0);
    setDone(t('caixa.meterDone', { number, coinsIn: r.delta.coinsIn, funds: f.money(put) }));
  };
  const field = (key: keyof typeof values) => (
    <label>
      {t(`caixa.meter.${key}`)}
      <input data-testid={`meter-${key}`} inputMode="numeric" value={values[key]} onChange={(e) => setValues({ ...values, [key]: e.target.value.replace(/\D/g, '') })} />
    </label>
  );
  return (
    <section className="panel" aria-labelledby="meter-title">
      <h2 id="meter-title">{t('caixa.meterTitle')}</h2>
      <form className="form form-grid" onSubmit={submit}>
        <label>
          {t('caixa.machine')}
          <select data-testid="meter-machine" value={chosen} onChange={(e) => setMachine(e.target.value)}>
            <MachineOptions machines={machines} label={(m) => `${m.number} · ${m.model}`} />
          </select>
        </label>
        {field('coinsIn')}
        {field('prizesPaid')}
        {field('coinsCollected')}
        <label>
          {t('caixa.meterKind')}
          <select data-testid="meter-kind" value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
            {(['reading', 'rollover', 'reset'] as const).map((k) => (
              <option key={k} value={k}>
                {t(`caixa.meterKinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        {kind === 'rollover' ? (
          <label>
            {t('caixa.meterModulus')}
            <input data-testid="meter-modulus" inputMode="numeric" value={modulus} onChange={(e) => setModulus(e.target.value.replace(/\D/g, ''))} />
          </label>
        ) : null}
        <button type="submit" className="btn btn-primary" data-testid="meter-submit" disabled={list.length === 0} {...offline}>
          {t('caixa.meterSubmit')}
        </button>
      </form>
      {done ? (
        <p className="success" role="status" data-testid="meter-done">
          {done}
        </p>
      ) : null}
      <ErrorAlert error={error} testId="meter-error" />
      {pending ? (
        <ConfirmDialog
          title={t('caixa.meterConfirmTitle', { number: pending.machineNumber })}
          confirmLabel={t('caixa.meterConfirm')}
          testId="meter-dialog"
          confirmTestId="meter-confirm"
          onConfirm={() => invoke('meters.record', pending)}
          onDone={recorded}
          onClose={() => setPending(null)}
        >
          <p data-testid="meter-what">
            {t('caixa.meterConfirmText', {
              coinsIn: String(pending.coinsIn),
              prizesPaid: String(pending.prizesPaid),
              coinsCollected: String(pending.coinsCollected),
              kind: t(`caixa.meterKinds.${pending.kind ?? 'reading'}`).toLowerCase(),
            })}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** The guias still to pay: a tap shows one. */
function UnpaidGuias({ onPick }: { onPick: (g: Guia) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const unpaid = useKioskQuery('guia.list', { status: 'unpaid', limit: 200 });
  const list = unpaid.data?.guias ?? [];
  // The link to the hall down: said by the banner alone.
  const loadError = useLoadError(unpaid.error);
  return (
    <section className="panel unpaid-panel" aria-labelledby="unpaid-title">
      <h2 id="unpaid-title">{unpaid.data ? t('caixa.unpaidTitle', { count: unpaid.data.total }) : t('caixa.unpaidTitleUnknown')}</h2>
      {/* Not given by the hall (yet) is not "none": loading, or unknown (the link's fault said by the banner alone). */}
      {unpaid.data === undefined ? (
        <ListNotGiven error={unpaid.error} testId="unpaid" />
      ) : list.length === 0 ? (
        <p className="empty">{t('caixa.unpaidNone')}</p>
      ) : (
        <ul className="plain-list guia-list" data-testid="unpaid-guias">
          {list.map((g) => (
            <li key={g.guiaId}>
              <button type="button" className="btn guia-pick" data-testid={`unpaid-${g.number}`} onClick={() => onPick(g)}>
                {t('caixa.unpaidLine', { number: g.number, machine: g.machineNumber, kind: t(`caixa.kinds.${g.kind}`), amount: f.money(g.amountCents) })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {unpaid.data && unpaid.data.total > list.length ? (
        <p className="hint" data-testid="unpaid-more">
          {t('caixa.unpaidMore', { shown: list.length, count: unpaid.data.total })}
        </p>
      ) : null}
      <ErrorAlert error={loadError} testId="unpaid-error" />
    </section>
  );
}

/**
 * No drawer of one's own on this terminal: said once, before the first key,
 * with the way to open one; the cash fields it disables point here.
 */
function NoDrawerNotice({ onOpenDrawer }: { onOpenDrawer: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <div id="caixa-no-drawer" className="alert no-drawer-notice" role="status" data-testid="caixa-no-drawer">
      <span>{t('caixa.noDrawerNotice')}</span>
      {onOpenDrawer ? (
        <button type="button" className="btn btn-small" data-testid="caixa-open-drawer" onClick={onOpenDrawer}>
          {t('caixa.openDrawer')}
        </button>
      ) : null}
    </div>
  );
}

/** The caixa's sub-screens, in the order of the bar: the funds and the tables only for a manager. */
const CAIXA_SUBS = ['guias', 'machines', 'funds', 'chips', 'tables'] as const;
type CaixaSub = (typeof CAIXA_SUBS)[number];

/** The sub-screens a user of these roles works in (the caixa: guias, meters and chips; a manager all five). */
export function caixaSubsFor(roles: readonly Role[]): CaixaSub[] {
  const manages = roles.includes('manager') || roles.includes('admin');
  return CAIXA_SUBS.filter((sub) => manages || (sub !== 'funds' && sub !== 'tables'));
}

/**
 * The casino caixa in sub-screens, each fitting a 1024x768 counter: the
 * guias (find one by number or QR, pay it in cash and cheques, void or
 * reprint it; issue one; those still to pay; for a manager those of a
 * period), the machines (their meters; for a manager their return), the
 * funds held (manager), the face-value chips, and the roulette tables
 * (manager).
 */
export function CaixaScreen({ roles, onOpenDrawer }: { roles: readonly Role[]; onOpenDrawer?: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  // The guia on the card, and whether it was just issued or paid here (its print state is then said).
  const [shownGuia, setShownGuia] = useState<{ guia: Guia; acted: boolean } | null>(null);
  const pick = (g: Guia) => setShownGuia({ guia: g, acted: false });
  const acted = (g: Guia) => setShownGuia({ guia: g, acted: true });
  const guia = shownGuia?.guia ?? null;
  const [sub, setSub] = useState<CaixaSub>('guias');
  const cash = useKioskQuery('drawer.cash', {});
  const manages = roles.includes('manager') || roles.includes('admin');
  const subs = caixaSubsFor(roles);
  const shown = subs.includes(sub) ? sub : 'guias';
  // null: no drawer open; its cashCents null: open, and blind for a counter role.
  const drawer = cash.data === undefined ? null : cash.data;
  // Known to have none (not merely still asking): the notice comes before any key.
  const noDrawer = cash.data === null;
  const notice = noDrawer ? <NoDrawerNotice onOpenDrawer={onOpenDrawer} /> : null;
  return (
    <main className={`screen caixa-screen caixa-sub-${shown}-screen`} aria-labelledby="caixa-title">
      <h1 id="caixa-title" className="visually-hidden">
        {t('caixa.screenTitle')}
      </h1>
      <SubTabs prefix="caixa-sub" label={t('caixa.sub.label')} subs={subs} current={shown} nameOf={(x) => t(`caixa.sub.${x}`)} onChoose={setSub} />
      <div role="tabpanel" id="caixa-sub-panel" className="caixa-sub-panel" aria-labelledby={`caixa-sub-${shown}-tab`} data-testid={`caixa-panel-${shown}`}>
        {shown === 'guias' ? (
          <>
            <div className="columns guia-desk">
              <div className="column-main">
                <section className="panel guia-find-panel" aria-label={t('caixa.find')}>
                  <h2>{t('caixa.findTitle')}</h2>
                  {notice}
                  {/* The drawer's line, or in its place a guia the hall could not find. */}
                  {/* A guia shown (found or picked) clears what the finder said before. */}
                  <GuiaFinder
                    key={guia?.guiaId ?? 'none'}
                    onFound={pick}
                    idle={
                      <p className="meta drawer-cash" data-testid="drawer-cash">
                        {drawer === null ? '' : drawer.cashCents === null ? t('caixa.drawerOpenBlind') : t('caixa.drawerCash', { amount: f.money(drawer.cashCents) })}
                      </p>
                    }
                  />
                </section>
                {guia ? <GuiaCard key={`${guia.guiaId}-${guia.status}`} guia={guia} acted={shownGuia!.acted} drawer={drawer} onChanged={acted} /> : null}
                <IssueGuiaForm onIssued={acted} />
              </div>
              <div className="column-side">
                <UnpaidGuias onPick={pick} />
              </div>
            </div>
            {manages ? <GuiasPanel /> : null}
          </>
        ) : null}
        {shown === 'machines' ? (
          <>
            <MeterForm />
            {manages ? <ReturnReport /> : null}
          </>
        ) : null}
        {shown === 'funds' ? <FundsPanel /> : null}
        {shown === 'chips' ? <ChipExchange notice={notice} noDrawer={noDrawer} /> : null}
        {shown === 'tables' ? <TableSheet /> : null}
      </div>
    </main>
  );
}
