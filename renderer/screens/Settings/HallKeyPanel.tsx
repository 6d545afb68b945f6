/**
 * The hall's signing key (the inspector's export): its key id and the public
 * key an inspector verifies with, the keys signed with before, and the
 * newest signed checkpoint of the audit log; a manager signs one now, said
 * in full before it is done (it stays in the books).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';

export function HallKeyPanel({ isAdmin = false }: { isAdmin?: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const keys = useKioskQuery('audit.keys', {});
  const [asking, setAsking] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [signed, setSigned] = useState<string | null>(null);
  const k = keys.data;
  return (
    <section className="panel hall-key-panel" aria-labelledby="hall-key-title" data-testid="hall-key-panel">
      <h2 id="hall-key-title">{t('hallKey.title')}</h2>
      <p className="hint">{t('hallKey.intro')}</p>
      <ErrorAlert error={keys.error} testId="hall-key-error" />
      {k ? (
        <dl className="facts">
          <div>
            <dt>{t('hallKey.keyId')}</dt>
            <dd data-testid="hall-key-id" className="mono">
              {k.current.keyId}
            </dd>
          </div>
          <div>
            <dt>{t('hallKey.since')}</dt>
            <dd className="small">{f.dateTime(k.current.createdAt)}</dd>
          </div>
          <div className="facts-wide">
            <dt>{t('hallKey.verifierKey')}</dt>
            <dd data-testid="hall-key-verifier" className="small mono facts-key">
              {k.current.verifierKey}
            </dd>
          </div>
          {k.keys.length > 1 ? (
            <div className="facts-wide">
              <dt>{t('hallKey.before')}</dt>
              <dd className="small" data-testid="hall-key-before">
                {k.keys
                  .slice(0, -1)
                  .map((x) => `${x.keyId} (${f.dateTime(x.createdAt)})`)
                  .join(', ')}
              </dd>
            </div>
          ) : null}
          <div className="facts-wide">
            <dt>{t('hallKey.lastCheckpoint')}</dt>
            <dd className="small" data-testid="hall-key-last-checkpoint">
              {k.lastCheckpoint ? t('hallKey.checkpointLine', { size: k.lastCheckpoint.size, time: f.dateTime(k.lastCheckpoint.at) }) : t('hallKey.noCheckpoint')}
            </dd>
          </div>
        </dl>
      ) : keys.error ? null : (
        <p className="loading">{t('common.loading')}</p>
      )}
      <div className="button-row">
        <button type="button" className="btn" data-testid="hall-key-sign" onClick={() => setAsking(true)} disabled={!k}>
          {t('hallKey.sign')}
        </button>
        {isAdmin ? (
          <button type="button" className="btn btn-danger" data-testid="hall-key-rotate" onClick={() => setRotating(true)} disabled={!k}>
            {t('hallKey.rotate')}
          </button>
        ) : null}
      </div>
      {signed ? (
        <p className="success" role="status" data-testid="hall-key-signed">
          {signed}
        </p>
      ) : null}
      {rotating && k ? (
        <ConfirmDialog
          title={t('hallKey.rotateTitle')}
          confirmLabel={t('hallKey.rotateConfirm')}
          testId="hall-key-rotate-dialog"
          confirmTestId="hall-key-rotate-confirm"
          danger
          onConfirm={() => invoke('audit.rotateKey', {})}
          onDone={(value) => {
            setRotating(false);
            setSigned(t('hallKey.rotatedDone', { previous: value.previous.keyId, current: value.current.keyId }));
            void keys.reload();
          }}
          onClose={() => setRotating(false)}
        >
          <p>{t('hallKey.rotateBody', { keyId: k.current.keyId })}</p>
        </ConfirmDialog>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={t('hallKey.signTitle')}
          confirmLabel={t('hallKey.signConfirm')}
          testId="hall-key-sign-dialog"
          confirmTestId="hall-key-sign-confirm"
          onConfirm={() => invoke('audit.checkpoint', {})}
          onDone={(value) => {
            setAsking(false);
            setSigned(t('hallKey.signedDone', { size: value.size, keyId: value.keyId, time: f.shortTime(value.at) }));
            void keys.reload();
          }}
          onClose={() => setAsking(false)}
        >
          <p>{t('hallKey.signBody')}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
