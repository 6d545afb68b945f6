/**
 * The slot machines (SPEC 7; Portaria 1441/95, n.º 9, 10): the registered
 * machines with their jackpot fund, the form that registers one or edits it
 * (its number never changes), and the import of a machines file (.csv).
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelInput, ChannelOutput } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { euroFieldText, parseEuroText } from '../../lib/money.js';
import { formatPercent, parsePercent } from '../../lib/settings.js';
import { TableRegion } from '../../components/TableRegion.js';

type Machine = ChannelOutput<'machine.list'>[number];
type MachineInput = ChannelInput<'machine.register'>;

interface MachineFields {
  number: string;
  model: string;
  bet: string;
  location: string;
  group: string;
  jackpotShare: string;
  superjackpotShare: string;
}

const EMPTY: MachineFields = { number: '', model: '', bet: '', location: '', group: '', jackpotShare: '', superjackpotShare: '' };

/** A machine number or a group code (core/caixa/contract.ts): 1 to 20 letters, digits, `.`, `_`, `-`. */
const CODE = /^[A-Za-z0-9._-]{1,20}$/;
const MAX_TEXT = 60;
/** The largest bet (core/caixa/rules.ts): 10 000,00 €. */
const MAX_BET_CENTS = 1_000_000;


function fieldsOf(m: Machine): MachineFields {
  return {
    number: m.number,
    model: m.model,
    bet: euroFieldText(m.betCents),
    location: m.location ?? '',
    group: m.group ?? '',
    jackpotShare: formatPercent(m.jackpotShareBasisPoints),
    superjackpotShare: formatPercent(m.superjackpotShareBasisPoints),
  };
}

type Field = 'number' | 'model' | 'bet' | 'location' | 'group' | 'jackpotShare' | 'superjackpotShare';

/** The form as typed, checked and turned into the channel's input (or the first bad field). Empty shares are 0 %. */
function machineInput(x: MachineFields): { ok: true; input: MachineInput } | { ok: false; field: Field } {
  const number = x.number.trim();
  if (!CODE.test(number)) return { ok: false, field: 'number' };
  const model = x.model.trim();
  if (model === '' || model.length > MAX_TEXT) return { ok: false, field: 'model' };
  const betCents = parseEuroText(x.bet);
  if (betCents === null || betCents <= 0 || betCents > MAX_BET_CENTS) return { ok: false, field: 'bet' };
  const location = x.location.trim();
  if (location.length > MAX_TEXT) return { ok: false, field: 'location' };
  const group = x.group.trim();
  if (group !== '' && !CODE.test(group)) return { ok: false, field: 'group' };
  const jackpot = x.jackpotShare.trim() === '' ? 0 : parsePercent(x.jackpotShare);
  if (jackpot === null) return { ok: false, field: 'jackpotShare' };
  const superjackpot = x.superjackpotShare.trim() === '' ? 0 : parsePercent(x.superjackpotShare);
  if (superjackpot === null) return { ok: false, field: 'superjackpotShare' };
  return {
    ok: true,
    input: {
      number,
      model,
      betCents,
      location: location === '' ? null : location,
      group: group === '' ? null : group,
      jackpotShareBasisPoints: jackpot,
      superjackpotShareBasisPoints: superjackpot,
    },
  };
}

function MachineForm({ initial, editing, onSaved, onCancel }: { initial: MachineFields; editing: boolean; onSaved: (message: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [form, setForm] = useState<MachineFields>(initial);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof MachineFields, v: string) => setForm((x) => ({ ...x, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const r = machineInput(form);
    if (!r.ok) {
      setError(t(`machines.invalid.${r.field}`));
      return;
    }
    setBusy(true);
    setError(null);
    const saved = editing ? await invoke('machine.update', r.input) : await invoke('machine.register', r.input);
    setBusy(false);
    if (!saved.ok) {
      setError(saved.error);
      return;
    }
    const m = saved.value;
    onSaved(t(editing ? 'machines.updated' : 'machines.registered', { number: m.number, model: m.model, bet: f.money(m.betCents) }));
  };

  return (
    <form className="form machine-form" onSubmit={submit} aria-labelledby="machine-form-title" noValidate>
      <h3 id="machine-form-title">{editing ? t('machines.formEdit', { number: initial.number }) : t('machines.formAdd')}</h3>
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
        <label>
          {t('machines.betEuros')}
          <span className="input-suffix">
            <input data-testid="machine-bet" inputMode="decimal" placeholder="0,50" value={form.bet} onChange={(e) => set('bet', e.target.value)} autoComplete="off" />
            <span aria-hidden="true">€</span>
          </span>
        </label>
        <label>
          {t('machines.location')}
          <input data-testid="machine-location" value={form.location} onChange={(e) => set('location', e.target.value)} maxLength={MAX_TEXT} autoComplete="off" />
        </label>
        <label>
          {t('machines.group')}
          <input
            data-testid="machine-group"
            value={form.group}
            onChange={(e) => set('group', e.target.value.replace(/\s/g, ''))}
            maxLength={20}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <label>
          {t('machines.jackpotShare')}
          <span className="input-suffix">
            <input data-testid="machine-jackpot-share" inputMode="decimal" placeholder="5" value={form.jackpotShare} onChange={(e) => set('jackpotShare', e.target.value)} autoComplete="off" />
            <span aria-hidden="true">%</span>
          </span>
        </label>
        <label>
          {t('machines.superjackpotShare')}
          <span className="input-suffix">
            <input
              data-testid="machine-superjackpot-share"
              inputMode="decimal"
              placeholder="2,5"
              value={form.superjackpotShare}
              onChange={(e) => set('superjackpotShare', e.target.value)}
              autoComplete="off"
            />
            <span aria-hidden="true">%</span>
          </span>
        </label>
      </div>
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

type ImportOutcome = { ok: true; text: string } | { ok: false; error: ClientError | string };

/** Manager/admin: the slot machines, their registration, edition and import. */
export function MachinesPanel() {
  const { t } = useTranslation();
  const f = useFormat();
  const list = useKioskQuery('machine.list', {});
  const machines = list.data ?? [];
  const [editing, setEditing] = useState<Machine | null>(null);
  // Bumped after a save so that the form starts again empty.
  const [formKey, setFormKey] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<ImportOutcome | null>(null);

  const importFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const file = input.files?.[0];
    if (!file || importing) return;
    setImported(null);
    setSaved(null);
    if (!/\.csv$/i.test(file.name.trim())) {
      setImported({ ok: false, error: t('machines.importBadExtension', { name: file.name }) });
      input.value = '';
      return;
    }
    setImporting(true);
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      setImporting(false);
      setImported({ ok: false, error: t('machines.importUnreadable', { name: file.name }) });
      input.value = '';
      return;
    }
    if (csv.trim() === '') {
      setImporting(false);
      setImported({ ok: false, error: t('machines.importEmpty', { name: file.name }) });
      input.value = '';
      return;
    }
    const r = await invoke('machine.import', { csv });
    setImporting(false);
    input.value = '';
    if (!r.ok) {
      setImported({ ok: false, error: r.error });
      return;
    }
    setImported({ ok: true, text: t('machines.imported', { count: r.value.imported }) });
    void list.reload();
  };

  return (
    <section className="panel machines-panel" aria-labelledby="machines-title" data-testid="machines-panel">
      <div className="panel-head">
        <h2 id="machines-title">{t('machines.title')}</h2>
        <label className={`btn btn-file${importing ? ' busy' : ''}`}>
          <input
            type="file"
            className="visually-hidden"
            accept=".csv,text/csv"
            data-testid="machines-import-file"
            disabled={importing}
            onChange={(e) => void importFile(e)}
          />
          <span aria-hidden="true">{importing ? t('common.working') : t('machines.import')}</span>
          <span className="visually-hidden">{t('machines.importLabel')}</span>
        </label>
      </div>
      <p className="hint">{t('machines.importHint')}</p>
      <div aria-live="polite" data-testid="machines-import-result">
        {imported?.ok ? <p className="success">{imported.text}</p> : null}
        {imported && !imported.ok ? <ErrorAlert error={imported.error} testId="machines-import-error" /> : null}
      </div>
      <ErrorAlert error={list.error} testId="machines-load-error" />
      {list.data === undefined ? (
        list.error ? null : <p className="loading">{t('common.loading')}</p>
      ) : machines.length === 0 ? (
        <p className="empty">{t('machines.none')}</p>
      ) : (
        <TableRegion name={t('machines.tableTitle')}>
          <table className="table compact machines" data-testid="machines-table">
            <caption className="visually-hidden">{t('machines.tableTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('machines.number')}</th>
                <th scope="col">{t('machines.model')}</th>
                <th scope="col" className="num">
                  {t('machines.bet')}
                </th>
                <th scope="col">{t('machines.location')}</th>
                <th scope="col">{t('machines.group')}</th>
                <th scope="col" className="num">
                  {t('machines.jackpotShareShort')}
                </th>
                <th scope="col" className="num">
                  {t('machines.superjackpotShareShort')}
                </th>
                <th scope="col" className="num">
                  {t('machines.held')}
                </th>
                <th scope="col">{t('machines.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {machines.map((m) => (
                <tr key={m.number} data-testid={`machine-row-${m.number}`} className={editing?.number === m.number ? 'editing' : undefined}>
                  <th scope="row">{m.number}</th>
                  <td>{m.model}</td>
                  <td className="num">{f.money(m.betCents)}</td>
                  <td>{m.location ?? '—'}</td>
                  <td>{m.group ?? '—'}</td>
                  <td className="num">{`${formatPercent(m.jackpotShareBasisPoints)} %`}</td>
                  <td className="num">{m.group === null ? '—' : `${formatPercent(m.superjackpotShareBasisPoints)} %`}</td>
                  <td className="num">{f.money(m.jackpotHeldCents)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-small"
                      data-testid={`machine-edit-${m.number}`}
                      aria-label={t('machines.editLabel', { number: m.number })}
                      onClick={() => {
                        setSaved(null);
                        setEditing(m);
                        // Editing the same row again starts its form again from the kiosk's values.
                        setFormKey((k) => k + 1);
                      }}
                    >
                      {t('machines.edit')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <MachineForm
        key={editing ? `edit-${editing.number}-${formKey}` : `new-${formKey}`}
        initial={editing ? fieldsOf(editing) : EMPTY}
        editing={editing !== null}
        onSaved={(message) => {
          setSaved(message);
          setEditing(null);
          setFormKey((k) => k + 1);
          void list.reload();
        }}
        onCancel={() => setEditing(null)}
      />
      {saved ? (
        <p className="success" role="status" data-testid="machine-saved">
          {saved}
        </p>
      ) : null}
    </section>
  );
}
