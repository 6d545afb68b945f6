import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelInput, ChannelOutput } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { usePrintState } from '../../components/PrintJobs.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery, type QueryState } from '../../hooks.js';
import { parseEuroText } from '../../lib/money.js';
import type { Guia } from './GuiaDesk.js';
import { useOffline } from '../../components/LinkBanner.js';
import { MachineOptions } from './MachineOptions.js';

type Kind = ChannelInput<'guia.issue'>['kind'];
const KINDS: readonly Kind[] = ['hand_pay', 'jackpot', 'superjackpot', 'credits_claim'];

type Meters = { coinsIn: string; prizesPaid: string; coinsCollected: string };
const NO_METERS: Meters = { coinsIn: '', prizesPaid: '', coinsCollected: '' };

/** The guia's fields as typed, checked into the guia to issue (said in a confirmation first), and cleared once issued. */
function useIssueGuia(onIssued: (g: Guia) => void) {
  const { t } = useTranslation();
  const machines = useKioskQuery('machine.list', {});
  const [machine, setMachine] = useState('');
  const [kind, setKind] = useState<Kind>('hand_pay');
  const [amount, setAmount] = useState('');
  const [meters, setMeters] = useState(NO_METERS);
  const [notes, setNotes] = useState('');
  const [metersOpen, setMetersOpen] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const list = machines.data ?? [];
  const chosen = machine || list[0]?.number || '';
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
    setMeters(NO_METERS);
    setMetersOpen(false);
    setNotes('');
    onIssued(g);
  };
  const fields = { chosen, setMachine, kind, setKind, amount, setAmount, notes, setNotes, meters, setMeters, metersOpen, setMetersOpen };
  return { machines, list, fields, error, pending, setPending, submit, issued };
}

type IssueFields = ReturnType<typeof useIssueGuia>['fields'];

/** A guia for a prize the machine cannot pay (n.º 13): machine, kind, amount, optional meter readings. */
export function IssueGuiaForm({ onIssued }: { onIssued: (g: Guia) => void }) {
  const { t } = useTranslation();
  const { machines, list, fields, error, pending, setPending, submit, issued } = useIssueGuia(onIssued);
  const offline = useOffline();
  return (
    <section className="panel issue-panel" aria-labelledby="issue-title">
      <h2 id="issue-title">{t('caixa.issueTitle')}</h2>
      {list.length === 0 && machines.data ? <p className="hint">{t('caixa.noMachines')}</p> : null}
      <form className="form form-grid issue-form" onSubmit={submit}>
        <IssueFieldsRows machines={machines} fields={fields} />
        <MeterFields fields={fields} />
        <button type="submit" className="btn btn-primary btn-large" data-testid="issue-submit" disabled={list.length === 0} {...offline}>
          {t('caixa.issueSubmit')}
        </button>
      </form>
      <ErrorAlert error={error} testId="issue-error" />
      {pending ? <IssueConfirm pending={pending} onDone={issued} onClose={() => setPending(null)} /> : null}
    </section>
  );
}

/** The guia's own fields: machine, kind, amount, notes. */
function IssueFieldsRows({ machines, fields: x }: { machines: QueryState<ChannelOutput<'machine.list'>>; fields: IssueFields }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <>
      <label>
        {t('caixa.machine')}
        <select data-testid="issue-machine" value={x.chosen} onChange={(e) => x.setMachine(e.target.value)}>
          <MachineOptions machines={machines} label={(m) => t('caixa.machineOption', { number: m.number, model: m.model, bet: f.money(m.betCents) })} />
        </select>
      </label>
      <label>
        {t('caixa.kind')}
        <select data-testid="issue-kind" value={x.kind} onChange={(e) => x.setKind(e.target.value as Kind)}>
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
          <input data-testid="issue-amount" inputMode="decimal" value={x.amount} onChange={(e) => x.setAmount(e.target.value)} />
          <span aria-hidden="true">€</span>
        </span>
      </label>
      <label>
        {t('caixa.notes')}
        <input data-testid="issue-notes" value={x.notes} maxLength={200} onChange={(e) => x.setNotes(e.target.value)} />
      </label>
    </>
  );
}

/** The machine's meters, optional: folded unless typed, so the guia's own fields and its act fit the screen. */
function MeterFields({ fields: x }: { fields: IssueFields }) {
  const { t } = useTranslation();
  return (
    <details className="span-2 issue-meters" open={x.metersOpen} onToggle={(e) => x.setMetersOpen(e.currentTarget.open)}>
      <summary>{t('caixa.issueMeters')}</summary>
      <div className="issue-meter-fields">
        {(['coinsIn', 'prizesPaid', 'coinsCollected'] as const).map((key) => (
          <label key={key}>
            {t(`caixa.meter.${key}`)}
            <input
              data-testid={`issue-${key}`}
              inputMode="numeric"
              value={x.meters[key]}
              onChange={(e) => x.setMeters({ ...x.meters, [key]: e.target.value.replace(/\D/g, '') })}
            />
          </label>
        ))}
      </div>
    </details>
  );
}

/** The guia said in full before it is issued, and what will print. */
function IssueConfirm({ pending, onDone, onClose }: { pending: ChannelInput<'guia.issue'>; onDone: (g: Guia) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const printing = usePrintState();
  return (
    <ConfirmDialog
      title={t('caixa.issueConfirmTitle', { amount: f.money(pending.amountCents) })}
      confirmLabel={t('caixa.issueConfirm')}
      testId="issue-dialog"
      confirmTestId="issue-confirm"
      onConfirm={() => invoke('guia.issue', pending)}
      onDone={onDone}
      onClose={onClose}
    >
      <p data-testid="issue-what">
        {t('caixa.issueConfirmText', { kind: t(`caixa.kinds.${pending.kind}`).toLowerCase(), amount: f.money(pending.amountCents), machine: pending.machineNumber })}
      </p>
      <p className="hint" data-testid="issue-prints">
        {printing.receiptPrinter === false ? t('caixa.printsNone') : t('caixa.printsTwo')}
      </p>
    </ConfirmDialog>
  );
}
