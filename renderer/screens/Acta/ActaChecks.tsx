import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelInput, ChannelOutput } from '../../../core/contract.js';
import { CheckConfirm } from '../../components/CheckConfirm.js';
import { useFormat } from '../../format.js';

type Check = ChannelInput<'session.recordCheck'>;
const CHECKS: readonly Check[] = [
  { phase: 'start', kind: 'material' },
  { phase: 'start', kind: 'balls' },
  { phase: 'end', kind: 'material' },
  { phase: 'end', kind: 'balls' },
];

/** The checks written in the acta (who, when, which) and a key for each, confirmed first: it is written for good. */
export function ActaChecks({ acta: a }: { acta: ChannelOutput<'session.acta'> | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  // The check waiting for its confirmation: it is written in the acta for good.
  const [asked, setAsked] = useState<Check | null>(null);
  return (
    <section className="panel" aria-labelledby="checks-title">
      <h2 id="checks-title">{t('checks.title')}</h2>
      {a && a.checks.length > 0 ? (
        <ul className="checks-list" data-testid="checks">
          {a.checks.map((c, i) => (
            <li key={i}>
              {t('checks.entry', {
                phase: t(`checks.phase.${c.phase}`, { defaultValue: c.phase }),
                kind: t(`checks.kind.${c.kind}`, { defaultValue: c.kind }),
                at: f.shortTime(c.at),
                by: c.by,
              })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">{t('checks.none')}</p>
      )}
      <div className="check-buttons">
        {CHECKS.map((c) => (
          <button
            key={`${c.phase}-${c.kind}`}
            type="button"
            className="btn"
            data-testid={`check-${c.phase}-${c.kind}`}
            onClick={() => setAsked(c)}
          >
            {t(`checks.button.${c.phase}.${c.kind}`)}
          </button>
        ))}
      </div>
      {asked ? <CheckConfirm check={asked} onClose={() => setAsked(null)} onDone={() => setAsked(null)} /> : null}
    </section>
  );
}
