/**
 * Whose key digests the identity documents (Lei n.º 83/2017, art. 76.º): the
 * hall's own, or the group's so one person adds up across its halls, by its
 * fingerprint (compared by eye with the one the group gives). An admin
 * installs the group's file before the hall's first identification, after a
 * confirmation that says it cannot change afterwards.
 */
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';

type KeyStatus = ChannelOutput<'identityKey.status'>;

/** The key's state in words: whose, its fingerprint, what it keyed. */
export function IdentityKeyState({ s }: { s: KeyStatus }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <p data-testid="identity-key-state">
      {s.source === 'none'
        ? t('identityKey.none')
        : t(s.source === 'group' ? 'identityKey.group' : 'identityKey.hall', { fingerprint: s.fingerprint, at: s.setAt ? f.dateTime(s.setAt) : '', count: s.keyed })}
    </p>
  );
}

export function IdentityKeyPanel({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const status = useKioskQuery('identityKey.status', {});
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const s = status.data;
  const canInstall = isAdmin && s !== undefined && s.keyed === 0 && s.source !== 'group';
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    setError(null);
    setDone(null);
    if (!chosen) return;
    try {
      setFile({ name: chosen.name, text: await chosen.text() });
    } catch {
      setError(t('identityKey.unreadable', { name: chosen.name }));
    }
  };
  return (
    <section className="panel identity-key" aria-labelledby="identity-key-title">
      <h2 id="identity-key-title">{t('identityKey.title')}</h2>
      <ErrorAlert error={status.error} testId="identity-key-error" />
      {s ? <IdentityKeyState s={s} /> : null}
      <p className="hint">{t('identityKey.why')}</p>
      {canInstall ? (
        <label className="btn btn-file">
          <input type="file" className="visually-hidden" accept=".txt,.key,text/plain" data-testid="identity-key-file" onChange={(e) => void onFile(e)} />
          <span aria-hidden="true">{t('identityKey.choose')}</span>
          <span className="visually-hidden">{t('identityKey.chooseLabel')}</span>
        </label>
      ) : null}
      {done ? (
        <p className="success" role="status" data-testid="identity-key-done">
          {done}
        </p>
      ) : null}
      <ErrorAlert error={error} testId="identity-key-install-error" />
      {file ? (
        <ConfirmDialog
          title={t('identityKey.confirmTitle')}
          confirmLabel={t('identityKey.install')}
          testId="identity-key-dialog"
          confirmTestId="identity-key-confirm"
          onConfirm={() => invoke('identityKey.install', { identityKey: file.text })}
          onDone={(r) => {
            setFile(null);
            setDone(t('identityKey.installed', { fingerprint: r.fingerprint }));
          }}
          onClose={() => setFile(null)}
        >
          <p>{t('identityKey.confirmText', { name: file.name })}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
