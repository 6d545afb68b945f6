import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../core/contract.js';
import { DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS, type IdentityDocumentType } from '../../core/compliance/rules.js';
import { invoke, type ClientError } from '../client.js';
import { DialogActions } from './ConfirmDialog.js';
import { Dialog } from './Dialog.js';
import { ErrorAlert } from './ErrorAlert.js';

export type Person = ChannelOutput<'person.identify'>;

/** The refusals after which the payment waits for the player's identification (Lei n.º 83/2017, art. 76.º). */
const ASKS_IDENTIFICATION = new Set(['IDENTIFICATION_REQUIRED', 'PRIZE_IDENTIFICATION_REQUIRED', 'CHEQUE_NEEDS_PAYEE', 'PERSON_ERASED']);

/**
 * Whether a payment's refusal asks for the player's identification: for want of one when none was named, or because
 * the one named was erased at the end of the legal period (then it is named again). The payment's screens open the
 * identification with the kiosk's words instead of showing the refusal.
 */
export function asksIdentification(code: string, payeeNamed: boolean): boolean {
  return ASKS_IDENTIFICATION.has(code) && (!payeeNamed || code === 'PERSON_ERASED');
}

/**
 * Who the payment is made to: no one (cash under the threshold), or the
 * player identified here, by the document in hand. Cheques go only to an
 * identified player (Lei n.º 83/2017, art. 76.º, n.º 3).
 */
export function PayeeRow(p: {
  payee: Person | null;
  needed: boolean;
  /** Why the rule asks for the player here (a guia's words by default). */
  neededText?: string;
  /** The words naming the player chosen (a guia's payee by default). */
  chosenKey?: 'identify.chosen' | 'identify.chosenPlayer';
  open: boolean;
  setOpen: (open: boolean) => void;
  onChoose: (p: Person | null) => void;
}) {
  const { t } = useTranslation();
  const { payee, needed, open, setOpen, onChoose } = p;
  return (
    <div className="pay-payee" data-testid="pay-payee">
      <span className={needed && payee === null ? 'warning' : 'hint'} data-testid="pay-payee-text">
        {payee === null
          ? needed
            ? (p.neededText ?? t('identify.needed'))
            : t('identify.none')
          : t(p.chosenKey ?? 'identify.chosen', { name: payee.name, document: DOCUMENT_TYPE_LABELS[payee.documentType], number: payee.documentMasked, country: payee.country })}
      </span>
      <button type="button" className="btn" data-testid="pay-payee-choose" onClick={() => setOpen(true)}>
        {payee === null ? t('identify.open') : t('identify.change')}
      </button>
      {open ? (
        <IdentifyDialog
          onClose={() => setOpen(false)}
          onDone={(p) => {
            setOpen(false);
            onChoose(p);
          }}
        />
      ) : null}
    </div>
  );
}

interface Fields {
  name: string;
  documentType: IdentityDocumentType;
  documentNumber: string;
  country: string;
  birthDate: string;
  verified: boolean;
}

/** The document in hand: found if recorded before, else recorded now with the operator's word that it was checked. */
export function IdentifyDialog({ onClose, onDone, reason }: { onClose: () => void; onDone: (p: Person) => void; reason?: string }) {
  const { t } = useTranslation();
  const [f, setF] = useState<Fields>({ name: '', documentType: 'cc', documentNumber: '', country: 'PT', birthDate: '', verified: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | null>(null);
  const set = (patch: Partial<Fields>) => setF({ ...f, ...patch });
  const run = async (act: 'find' | 'identify') => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const doc = { documentType: f.documentType, documentNumber: f.documentNumber, country: f.country };
    const r =
      act === 'find'
        ? await invoke('person.find', { person: doc })
        : await invoke('person.identify', { person: { ...doc, name: f.name, birthDate: f.birthDate }, documentVerified: f.verified });
    setBusy(false);
    if (r.ok) onDone(r.value);
    else setError(r.error);
  };
  return (
    <Dialog title={t('identify.title')} onClose={onClose} testId="identify-dialog" className="dialog-wide">
      {/* No <form>: the dialog opens inside the payment's form, and a form in a form submits the outer one. */}
      <div className="form identify-form">
        {reason ? (
          <p className="warning" data-testid="identify-reason">
            {reason}
          </p>
        ) : null}
        <p className="hint">{t('identify.law')}</p>
        <div className="identify-grid">
          <label>
            {t('identify.documentType')}
            <select data-testid="identify-type" value={f.documentType} onChange={(e) => set({ documentType: e.target.value as IdentityDocumentType })}>
              {DOCUMENT_TYPES.map((d) => (
                <option key={d} value={d}>
                  {DOCUMENT_TYPE_LABELS[d]}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('identify.documentNumber')}
            <input data-testid="identify-number" value={f.documentNumber} autoComplete="off" onChange={(e) => set({ documentNumber: e.target.value })} />
          </label>
          <label>
            {t('identify.country')}
            <input data-testid="identify-country" value={f.country} maxLength={2} size={3} onChange={(e) => set({ country: e.target.value })} />
          </label>
          <button type="button" className="btn" data-testid="identify-find" disabled={busy} onClick={() => void run('find')}>
            {t('identify.find')}
          </button>
          <label className="identify-name">
            {t('identify.name')}
            <input data-testid="identify-name" value={f.name} autoComplete="off" onChange={(e) => set({ name: e.target.value })} />
          </label>
          <label>
            {t('identify.birthDate')}
            <input data-testid="identify-birth" type="date" value={f.birthDate} onChange={(e) => set({ birthDate: e.target.value })} />
          </label>
        </div>
        <label className="check">
          <input type="checkbox" data-testid="identify-verified" checked={f.verified} onChange={(e) => set({ verified: e.target.checked })} />
          {t('identify.verified')}
        </label>
        <ErrorAlert error={error} testId="identify-error" />
        <DialogActions failed={false} busy={busy} label={t('identify.record')} testId="identify-record" onClose={onClose} onConfirm={() => void run('identify')} />
      </div>
    </Dialog>
  );
}
