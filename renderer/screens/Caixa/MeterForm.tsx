import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelInput, ChannelOutput } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { useOffline } from '../../components/LinkBanner.js';
import { MachineOptions } from './MachineOptions.js';

/** A machine's meters (n.º 9): whole numbers; lower than the last only as a rollover or a reset. */
export function MeterForm() {
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
