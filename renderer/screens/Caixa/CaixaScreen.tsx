import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelInput } from '../../../core/contract.js';
import type { Role } from '../../../core/roles.js';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { parseEuroText } from '../../lib/money.js';
import { ChipExchange } from './ChipExchange.js';
import { FundsPanel } from './FundsPanel.js';
import { GuiaCard, GuiaFinder, type Guia } from './GuiaDesk.js';
import { GuiasPanel } from './GuiasPanel.js';
import { ReturnReport } from './ReturnReport.js';
import { TableSheet } from './TableSheet.js';

type Kind = ChannelInput<'guia.issue'>['kind'];
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
  const [busy, setBusy] = useState(false);
  const list = machines.data ?? [];
  const chosen = machine || list[0]?.number || '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
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
    setBusy(true);
    setError(null);
    const r = await invoke('guia.issue', {
      machineNumber: chosen,
      kind,
      amountCents,
      ...(meter !== null ? { meters: meter } : {}),
      ...(notes.trim() ? { notes: notes.trim() } : {}),
    });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setAmount('');
    setMeters({ coinsIn: '', prizesPaid: '', coinsCollected: '' });
    setMetersOpen(false);
    setNotes('');
    onIssued(r.value);
  };
  return (
    <section className="panel" aria-labelledby="issue-title">
      <h2 id="issue-title">{t('caixa.issueTitle')}</h2>
      {list.length === 0 && machines.data ? <p className="hint">{t('caixa.noMachines')}</p> : null}
      <form className="form form-grid issue-form" onSubmit={submit}>
        <label>
          {t('caixa.machine')}
          <select data-testid="issue-machine" value={chosen} onChange={(e) => setMachine(e.target.value)}>
            {list.map((m) => (
              <option key={m.number} value={m.number}>
                {t('caixa.machineOption', { number: m.number, model: m.model, bet: f.money(m.betCents) })}
              </option>
            ))}
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
        <button type="submit" className="btn btn-primary btn-large" data-testid="issue-submit" disabled={busy || list.length === 0}>
          {t('caixa.issueSubmit')}
        </button>
      </form>
      <ErrorAlert error={error} testId="issue-error" />
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
  const submit = async (e: FormEvent) => {
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
    const r = await invoke('meters.record', {
      machineNumber: chosen,
      coinsIn,
      prizesPaid,
      coinsCollected,
      kind,
      ...(kind === 'rollover' && n(modulus) ? { modulus: n(modulus)! } : {}),
    });
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setValues({ coinsIn: '', prizesPaid: '', coinsCollected: '' });
    setKind('reading');
    const put = r.value.contributions.reduce((s, c) => s + c.amountCents, 0);
    setDone(t('caixa.meterDone', { number: chosen, coinsIn: r.value.delta.coinsIn, funds: f.money(put) }));
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
            {list.map((m) => (
              <option key={m.number} value={m.number}>
                {m.number} · {m.model}
              </option>
            ))}
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
        <button type="submit" className="btn btn-primary" data-testid="meter-submit" disabled={list.length === 0}>
          {t('caixa.meterSubmit')}
        </button>
      </form>
      {done ? (
        <p className="success" role="status" data-testid="meter-done">
          {done}
        </p>
      ) : null}
      <ErrorAlert error={error} testId="meter-error" />
    </section>
  );
}

/** The guias still to pay: a tap shows one. */
function UnpaidGuias({ onPick }: { onPick: (g: Guia) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const unpaid = useKioskQuery('guia.list', { status: 'unpaid', limit: 200 });
  const list = unpaid.data?.guias ?? [];
  return (
    <section className="panel" aria-labelledby="unpaid-title">
      <h2 id="unpaid-title">{t('caixa.unpaidTitle', { count: unpaid.data?.total ?? list.length })}</h2>
      {list.length === 0 ? (
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
      <ErrorAlert error={unpaid.error} testId="unpaid-error" />
    </section>
  );
}

/**
 * The casino caixa: find a guia (number or QR), pay it in cash and cheques
 * with the drawer's cash in view, void or reprint it; issue guias and record
 * meters. Managers also see the funds held and the machines' return.
 */
export function CaixaScreen({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [guia, setGuia] = useState<Guia | null>(null);
  const cash = useKioskQuery('drawer.cash', {});
  const manages = roles.includes('manager') || roles.includes('admin');
  const drawerCash = cash.data?.cashCents ?? null;
  return (
    <main className="screen caixa-screen" aria-labelledby="caixa-title">
      <h1 id="caixa-title" className="visually-hidden">
        {t('caixa.screenTitle')}
      </h1>
      <div className="columns">
        <div className="column-main">
          <section className="panel" aria-label={t('caixa.find')}>
            <div className="panel-head">
              <h2>{t('caixa.findTitle')}</h2>
              <p className="meta drawer-cash" data-testid="drawer-cash">
                {cash.data === null ? t('caixa.noDrawer') : drawerCash === null ? '' : t('caixa.drawerCash', { amount: f.money(drawerCash) })}
              </p>
            </div>
            <GuiaFinder onFound={setGuia} />
          </section>
          {guia ? <GuiaCard key={`${guia.guiaId}-${guia.status}`} guia={guia} drawerCashCents={drawerCash} onChanged={setGuia} /> : null}
          <IssueGuiaForm onIssued={setGuia} />
          <MeterForm />
        </div>
        <div className="column-side">
          <UnpaidGuias onPick={setGuia} />
          <ChipExchange />
        </div>
      </div>
      {manages ? (
        <>
          <FundsPanel />
          <GuiasPanel />
          <ReturnReport />
          <TableSheet />
        </>
      ) : null}
    </main>
  );
}
