/**
 * Printers (issue #4, item 7): the configured printers with their live status
 * (asked every 10 s and on demand), a test page each, and the form that adds
 * or changes one.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { usePrintWords } from '../../components/PrintJobs.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import {
  CODEPAGES,
  DEFAULT_DEVICE_PATH,
  DEFAULT_TCP_PORT,
  EMPTY_PRINTER_FORM,
  PRINTER_ROLES,
  STATUS_POLL_MS,
  formOfPrinter,
  printerAddress,
  printerConfigureInput,
  statusWord,
  type PrinterForm,
  type PrinterStatusView,
  type PrinterView,
} from '../../lib/printing.js';

interface StatusEntry {
  checking: boolean;
  status?: PrinterStatusView;
  error?: ClientError;
  at?: string;
}

/** Ask every printer for its status now and every `STATUS_POLL_MS`; `check(id)` asks one at once. */
function usePrinterStatuses(printers: readonly PrinterView[]) {
  const [entries, setEntries] = useState<Record<string, StatusEntry>>({});
  const inFlight = useRef(new Set<string>());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const check = useCallback(async (id: string) => {
    if (inFlight.current.has(id)) return;
    inFlight.current.add(id);
    setEntries((e) => ({ ...e, [id]: { ...e[id], checking: true } }));
    const r = await invoke('printer.status', { id });
    inFlight.current.delete(id);
    if (!mounted.current) return;
    const at = new Date().toISOString();
    setEntries((e) => ({ ...e, [id]: r.ok ? { checking: false, status: r.value, at } : { checking: false, error: r.error, at } }));
  }, []);

  // A change of address or of the list starts the round again at once.
  const key = printers.map((p) => `${p.id}|${printerAddress(p)}`).join('\n');
  useEffect(() => {
    const ids = key === '' ? [] : key.split('\n').map((k) => k.slice(0, k.indexOf('|')));
    if (ids.length === 0) return;
    const all = () => {
      for (const id of ids) void check(id);
    };
    all();
    const timer = setInterval(all, STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [key, check]);

  return { entries, check };
}

function StatusCell({ id, entry }: { id: string; entry: StatusEntry | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  const words = usePrintWords();
  let word: string;
  let tone: string;
  let detail: string | null = null;
  if (entry?.status) {
    const w = statusWord(entry.status);
    word = t(`printers.state.${w}`);
    tone = w;
    detail = words.statusError(entry.status);
  } else if (entry?.error) {
    word = t('printers.statusUnknown');
    tone = 'offline';
    detail = entry.error.message;
  } else {
    word = t('printers.checking');
    tone = 'checking';
  }
  return (
    <div className="printer-status" data-testid={`printer-status-${id}`} data-state={tone} aria-live="polite">
      <span className={`badge badge-printer-${tone}`}>{word}</span>
      {detail ? <span className="job-error">{detail}</span> : null}
      {entry?.at ? (
        <span className="status-time">
          {entry.checking ? t('printers.checking') : t('printers.checkedAt', { time: f.time(entry.at) })}
        </span>
      ) : null}
    </div>
  );
}

function PrinterFormView({ initial, editing, onSaved }: { initial: PrinterForm; editing: boolean; onSaved: (message: string) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<PrinterForm>(initial);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof PrinterForm>(k: K, v: PrinterForm[K]) => setForm((f) => ({ ...f, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const r = printerConfigureInput(form);
    if (!r.ok) {
      setError(t(`printers.invalid.${r.field}`));
      return;
    }
    setBusy(true);
    setError(null);
    const saved = await invoke('printer.configure', r.input);
    setBusy(false);
    if (!saved.ok) {
      setError(saved.error);
      return;
    }
    onSaved(t('printers.saved', { id: saved.value.id, role: t(`printers.roles.${saved.value.role}`), address: printerAddress(saved.value) }));
  };

  return (
    <form className="form printer-form" onSubmit={submit} aria-labelledby="printer-form-title" noValidate>
      <h3 id="printer-form-title">{editing ? t('printers.formEdit', { id: initial.id }) : t('printers.formAdd')}</h3>
      <div className="printer-fields">
        <label>
          {t('printers.id')}
          <input
            data-testid="printer-id"
            value={form.id}
            onChange={(e) => set('id', e.target.value.replace(/\s/g, ''))}
            maxLength={40}
            readOnly={editing}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="printer-id-hint"
          />
        </label>
        <label>
          {t('printers.name')}
          <input data-testid="printer-name" value={form.name} onChange={(e) => set('name', e.target.value)} maxLength={80} autoComplete="off" />
        </label>
        <label>
          {t('printers.terminal')}
          <input
            data-testid="printer-terminal"
            value={form.terminalId}
            onChange={(e) => set('terminalId', e.target.value.replace(/\s/g, ''))}
            maxLength={32}
            placeholder={t('printers.terminalHint')}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <label>
          {t('printers.role')}
          <select data-testid="printer-role" value={form.role} onChange={(e) => set('role', e.target.value as PrinterForm['role'])}>
            {PRINTER_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`printers.roles.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('printers.transport')}
          <select data-testid="printer-transport" value={form.transport} onChange={(e) => set('transport', e.target.value as PrinterForm['transport'])}>
            <option value="tcp">{t('printers.transports.tcp')}</option>
            <option value="device">{t('printers.transports.device')}</option>
          </select>
        </label>
        {form.transport === 'tcp' ? (
          <>
            <label>
              {t('printers.host')}
              <input
                data-testid="printer-host"
                value={form.host}
                onChange={(e) => set('host', e.target.value.trim())}
                placeholder="192.168.1.50"
                maxLength={255}
                autoComplete="off"
                spellCheck={false}
              />
            </label>
            <label>
              {t('printers.port')}
              <input
                data-testid="printer-port"
                inputMode="numeric"
                value={form.port}
                onChange={(e) => set('port', e.target.value.replace(/\D/g, '').slice(0, 5))}
                placeholder={String(DEFAULT_TCP_PORT)}
              />
            </label>
          </>
        ) : (
          <label className="printer-path">
            {t('printers.path')}
            <input
              data-testid="printer-path"
              value={form.path}
              onChange={(e) => set('path', e.target.value)}
              placeholder={DEFAULT_DEVICE_PATH}
              maxLength={255}
              autoComplete="off"
              spellCheck={false}
            />
          </label>
        )}
        <label>
          {t('printers.codepage')}
          <select data-testid="printer-codepage" value={form.codepage} onChange={(e) => set('codepage', e.target.value as PrinterForm['codepage'])}>
            {CODEPAGES.map((c) => (
              <option key={c} value={c}>
                {t(`printers.codepages.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('printers.width')}
          <select data-testid="printer-width" value={form.widthMm} onChange={(e) => set('widthMm', e.target.value as PrinterForm['widthMm'])}>
            {(['80', '58'] as const).map((w) => (
              <option key={w} value={w}>
                {t('printers.widthOption', { width: w })}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('printers.drawerLabel')}
          <select data-testid="printer-drawer" value={form.drawerPin} onChange={(e) => set('drawerPin', e.target.value as PrinterForm['drawerPin'])}>
            <option value="">{t('printers.drawerOptionNone')}</option>
            <option value="2">{t('printers.drawerOption', { pin: 2 })}</option>
            <option value="5">{t('printers.drawerOption', { pin: 5 })}</option>
          </select>
        </label>
      </div>
      <p className="hint" id="printer-id-hint">
        {t('printers.idHint')}
      </p>
      <ErrorAlert error={error} testId="printer-error" />
      <button type="submit" className="btn btn-primary" data-testid="printer-submit" disabled={busy}>
        {busy ? t('common.working') : editing ? t('printers.submitEdit') : t('printers.submitAdd')}
      </button>
    </form>
  );
}

export function PrintersPanel() {
  const { t } = useTranslation();
  const list = useKioskQuery('printer.list', {});
  const printers = list.data ?? [];
  const { entries, check } = usePrinterStatuses(printers);
  const [editing, setEditing] = useState<PrinterView | null>(null);
  // Bumped after a save so that the form starts again empty.
  const [formKey, setFormKey] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const [testDone, setTestDone] = useState<string | null>(null);
  const [error, setError] = useState<ClientError | null>(null);

  const test = async (id: string) => {
    if (testing) return;
    setTesting(id);
    setError(null);
    setTestDone(null);
    const r = await invoke('printer.test', { id });
    setTesting(null);
    if (!r.ok) setError(r.error);
    else setTestDone(t('printers.testQueued', { id, jobId: r.value.jobId }));
  };

  return (
    <section className="panel printers-panel" aria-labelledby="printers-title" data-testid="printers-panel">
      <div className="panel-head">
        <h2 id="printers-title">{t('printers.title')}</h2>
        {editing ? (
          <button type="button" className="btn" data-testid="printer-new" onClick={() => setEditing(null)}>
            {t('printers.newPrinter')}
          </button>
        ) : null}
      </div>
      <ErrorAlert error={list.error} testId="printers-load-error" />
      {list.data === undefined ? (
        list.error ? null : <p className="loading">{t('common.loading')}</p>
      ) : printers.length === 0 ? (
        <p className="empty">{t('printers.none')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table compact printers">
            <caption className="visually-hidden">{t('printers.caption')}</caption>
            <thead>
              <tr>
                {/* Four columns, so that the row and its buttons fit a 1024 px counter whole: the printer and its role, where it is and its paper, its state, the acts. */}
                <th scope="col">{t('printers.printer')}</th>
                <th scope="col">{t('printers.address')}</th>
                <th scope="col">{t('printers.status')}</th>
                <th scope="col">{t('printers.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {printers.map((p) => (
                <tr key={p.id} data-testid={`printer-row-${p.id}`} className={editing?.id === p.id ? 'editing' : undefined}>
                  <th scope="row">
                    {p.id}
                    {p.name !== p.id ? <span className="series-colour">{p.name}</span> : null}
                    <span className="printer-role" data-testid={`printer-role-${p.id}`}>
                      {t('printers.roleAtTerminal', { role: t(`printers.roles.${p.role}`), terminal: p.terminalId })}
                    </span>
                  </th>
                  <td>
                    <span className="mono">{printerAddress(p)}</span>
                    <span className="series-colour">{t(`printers.transports.${p.transport}`)}</span>
                    <span className="printer-paper" data-testid={`printer-paper-${p.id}`}>
                      {t('printers.paperLine', {
                        codepage: t(`printers.codepages.${p.codepage}`),
                        width: t('printers.widthMm', { width: p.widthMm }),
                        drawer: p.drawerPin === null ? t('printers.drawerNone') : t('printers.paperDrawer', { pin: p.drawerPin }),
                      })}
                    </span>
                  </td>
                  <td>
                    <StatusCell id={p.id} entry={entries[p.id]} />
                  </td>
                  <td>
                    <div className="job-actions printer-actions">
                      <button
                        type="button"
                        className="btn btn-small"
                        data-testid={`printer-test-${p.id}`}
                        aria-label={t('printers.testLabel', { id: p.id })}
                        disabled={testing !== null}
                        onClick={() => void test(p.id)}
                      >
                        {testing === p.id ? t('common.working') : t('printers.test')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-small"
                        data-testid={`printer-refresh-${p.id}`}
                        aria-label={t('printers.refreshLabel', { id: p.id })}
                        disabled={entries[p.id]?.checking === true}
                        onClick={() => void check(p.id)}
                      >
                        {t('printers.refresh')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-small"
                        data-testid={`printer-edit-${p.id}`}
                        aria-label={t('printers.editLabel', { id: p.id })}
                        onClick={() => {
                          setSaved(null);
                          setEditing(p);
                        }}
                      >
                        {t('printers.edit')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {testDone ? (
        <p className="success" role="status" data-testid="printer-test-result">
          {testDone}
        </p>
      ) : null}
      <ErrorAlert error={error} testId="printers-error" />
      <PrinterFormView
        key={editing ? `edit-${editing.id}-${formKey}` : `new-${formKey}`}
        initial={editing ? formOfPrinter(editing) : EMPTY_PRINTER_FORM}
        editing={editing !== null}
        onSaved={(message) => {
          setSaved(message);
          setEditing(null);
          setFormKey((k) => k + 1);
          void list.reload();
        }}
      />
      {saved ? (
        <p className="success" role="status" data-testid="printer-saved">
          {saved}
        </p>
      ) : null}
    </section>
  );
}
