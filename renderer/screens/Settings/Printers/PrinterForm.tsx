/** The form that adds a printer or changes one (its id never changes). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke } from '../../../client.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { CODEPAGES, DEFAULT_DEVICE_PATH, DEFAULT_TCP_PORT, PRINTER_ROLES, printerAddress, printerConfigureInput, type PrinterForm } from '../../../lib/printing.js';
import { useCheckedSubmit } from '../useCheckedSubmit.js';

type Set = <K extends keyof PrinterForm>(k: K, v: PrinterForm[K]) => void;
interface FieldsProps {
  form: PrinterForm;
  set: Set;
}

/** Which printer: its id, name, terminal, role and how it is reached. */
function PrinterWhoFields({ form, set, editing }: FieldsProps & { editing: boolean }) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

/** Where it is: a host and port on the network, or a device's path. */
function PrinterAddressFields({ form, set }: FieldsProps) {
  const { t } = useTranslation();
  return form.transport === 'tcp' ? (
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
  );
}

/** Its paper: the code page, the width, and the cash drawer on its pin. */
function PrinterPaperFields({ form, set }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

export function PrinterFormView({ initial, editing, onSaved }: { initial: PrinterForm; editing: boolean; onSaved: (message: string) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<PrinterForm>(initial);
  const set: Set = (k, v) => setForm((f) => ({ ...f, [k]: v }));
  const { error, busy, submit } = useCheckedSubmit(
    () => {
      const r = printerConfigureInput(form);
      return r.ok ? r : { ok: false, message: t(`printers.invalid.${r.field}`) };
    },
    (input) => invoke('printer.configure', input),
    (p) => onSaved(t('printers.saved', { id: p.id, role: t(`printers.roles.${p.role}`), address: printerAddress(p) })),
  );

  return (
    <form className="form printer-form" onSubmit={submit} aria-labelledby="printer-form-title" noValidate>
      <h3 id="printer-form-title">{editing ? t('printers.formEdit', { id: initial.id }) : t('printers.formAdd')}</h3>
      <div className="printer-fields">
        <PrinterWhoFields form={form} set={set} editing={editing} />
        <PrinterAddressFields form={form} set={set} />
        <PrinterPaperFields form={form} set={set} />
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
