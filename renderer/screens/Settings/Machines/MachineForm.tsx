/** The form that registers a slot machine or edits one (its number never changes). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke } from '../../../client.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { useFormat } from '../../../format.js';
import { useCheckedSubmit } from '../useCheckedSubmit.js';
import { MAX_TEXT, machineInput, type MachineFields } from './machineFields.js';

type Set = (k: keyof MachineFields, v: string) => void;

/** A text field with its unit after it (€, %). */
function SuffixField({ label, testId, placeholder, value, onChange, unit }: { label: string; testId: string; placeholder: string; value: string; onChange: (v: string) => void; unit: string }) {
  return (
    <label>
      {label}
      <span className="input-suffix">
        <input data-testid={testId} inputMode="decimal" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} autoComplete="off" />
        <span aria-hidden="true">{unit}</span>
      </span>
    </label>
  );
}

function MachineFieldsBox({ form, set, editing }: { form: MachineFields; set: Set; editing: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="machine-fields">
      <label>
        {t('machines.number')}
        <input
          data-testid="machine-number"
          value={form.number}
          onChange={(e) => set('number', e.target.value.replace(/\s/g, ''))}
          maxLength={20}
          readOnly={editing}
          aria-describedby="machine-number-hint"
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      <label>
        {t('machines.model')}
        <input data-testid="machine-model" value={form.model} onChange={(e) => set('model', e.target.value)} maxLength={MAX_TEXT} autoComplete="off" />
      </label>
      <SuffixField label={t('machines.betEuros')} testId="machine-bet" placeholder="0,50" value={form.bet} onChange={(v) => set('bet', v)} unit="€" />
      <label>
        {t('machines.location')}
        <input data-testid="machine-location" value={form.location} onChange={(e) => set('location', e.target.value)} maxLength={MAX_TEXT} autoComplete="off" />
      </label>
      <label>
        {t('machines.group')}
        <input data-testid="machine-group" value={form.group} onChange={(e) => set('group', e.target.value.replace(/\s/g, ''))} maxLength={20} autoComplete="off" spellCheck={false} />
      </label>
      <SuffixField label={t('machines.jackpotShare')} testId="machine-jackpot-share" placeholder="5" value={form.jackpotShare} onChange={(v) => set('jackpotShare', v)} unit="%" />
      <SuffixField
        label={t('machines.superjackpotShare')}
        testId="machine-superjackpot-share"
        placeholder="2,5"
        value={form.superjackpotShare}
        onChange={(v) => set('superjackpotShare', v)}
        unit="%"
      />
    </div>
  );
}

export function MachineForm({ initial, editing, onSaved, onCancel }: { initial: MachineFields; editing: boolean; onSaved: (message: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [form, setForm] = useState<MachineFields>(initial);
  const set: Set = (k, v) => setForm((x) => ({ ...x, [k]: v }));
  const { error, busy, submit } = useCheckedSubmit(
    () => {
      const r = machineInput(form);
      return r.ok ? r : { ok: false, message: t(`machines.invalid.${r.field}`) };
    },
    (input) => (editing ? invoke('machine.update', input) : invoke('machine.register', input)),
    (m) => onSaved(t(editing ? 'machines.updated' : 'machines.registered', { number: m.number, model: m.model, bet: f.money(m.betCents) })),
  );

  return (
    <form className="form machine-form" onSubmit={submit} aria-labelledby="machine-form-title" noValidate>
      <h3 id="machine-form-title">{editing ? t('machines.formEdit', { number: initial.number }) : t('machines.formAdd')}</h3>
      <MachineFieldsBox form={form} set={set} editing={editing} />
      <p className="hint" id="machine-number-hint">
        {editing ? t('machines.numberFixed') : t('machines.numberHint')}
      </p>
      <p className="hint">{t('machines.sharesHint')}</p>
      <ErrorAlert error={error} testId="machine-error" />
      <div className="button-row">
        <button type="submit" className="btn btn-primary" data-testid="machine-submit" disabled={busy}>
          {busy ? t('common.working') : editing ? t('machines.submitEdit') : t('machines.submitAdd')}
        </button>
        {editing ? (
          <button type="button" className="btn" data-testid="machine-cancel-edit" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
