import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An admin's recovery code, shown once: written down before going on (the
 * kiosk keeps only its hash). It sets a new PIN when every admin is blocked
 * or the data folder's PIN key is lost.
 */
export function RecoveryCodeNotice({ code, onDone, inDialog = false }: { code: string; onDone: () => void; inDialog?: boolean }) {
  const { t } = useTranslation();
  const [written, setWritten] = useState(false);
  return (
    <section className={inDialog ? 'form recovery-code' : 'panel form recovery-code'} aria-label={t('recovery.codeTitle')} data-testid="recovery-code-notice">
      {inDialog ? null : <h2>{t('recovery.codeTitle')}</h2>}
      <p>{t('recovery.codeIntro')}</p>
      <p className="recovery-code-value" data-testid="recovery-code">
        {code}
      </p>
      <p className="hint">{t('recovery.codeKeep')}</p>
      <label className="check-label">
        <input type="checkbox" data-testid="recovery-code-written" checked={written} onChange={(e) => setWritten(e.target.checked)} />
        {t('recovery.codeWritten')}
      </label>
      <button type="button" className="btn btn-primary btn-large" data-testid="recovery-code-done" disabled={!written} onClick={onDone}>
        {t('recovery.codeDone')}
      </button>
    </section>
  );
}
