import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StartCheck } from '../../../core/bingo/rules.js';
import { CheckConfirm } from '../../components/CheckConfirm.js';

interface Props {
  missing: readonly StartCheck[];
  onRecorded: () => void;
}

/**
 * The session is open but its start checks are not in the acta (art. 5.2,
 * 11.1): no game opens until they are, so they are recorded right here, where
 * the manager is about to open the first game.
 */
export function StartChecks({ missing, onRecorded }: Props) {
  const { t } = useTranslation();
  // The check waiting for its confirmation: it is written in the acta for good.
  const [asked, setAsked] = useState<StartCheck | null>(null);

  return (
    <section className="panel panel-warning" aria-labelledby="start-checks-title" data-testid="start-checks">
      <h2 id="start-checks-title">{t('session.startChecksMissingTitle')}</h2>
      <p className="hint">{t('session.startChecksMissingHint')}</p>
      <div className="check-buttons">
        {missing.map((kind) => (
          <button key={kind} type="button" className="btn btn-large" data-testid={`start-check-${kind}`} onClick={() => setAsked(kind)}>
            {t(`checks.button.start.${kind}`)}
          </button>
        ))}
      </div>
      {asked ? (
        <CheckConfirm
          check={{ phase: 'start', kind: asked }}
          onClose={() => setAsked(null)}
          onDone={() => {
            setAsked(null);
            onRecorded();
          }}
        />
      ) : null}
    </section>
  );
}
