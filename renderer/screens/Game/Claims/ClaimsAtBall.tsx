import { useTranslation } from 'react-i18next';
import type { BoardView } from '../../../../core/contract.js';
import { cardLabel } from './claim.js';

/** The claims made at this ball: each card, valid or not, checked by hand, awarded. */
export function ClaimsAtBall({ claims, ballCount }: { claims: BoardView['claims']; ballCount: number }) {
  const { t } = useTranslation();
  if (claims.length === 0) return null;
  return (
    <section aria-labelledby="claims-ball-title">
      <h3 id="claims-ball-title">{t('claims.atBall', { count: ballCount })}</h3>
      <ul className="claims-list" data-testid="claims-list">
        {claims.map((c) => (
          <li key={c.claimId} className={c.valid ? 'valid' : 'invalid'} data-testid={`claim-row-${c.claimId}`}>
            <span>{t(`kind.${c.kind}`)}</span> <strong>{cardLabel(c.seriesCode, c.card)}</strong>{' '}
            <span className={`badge ${c.valid ? 'badge-valid' : 'badge-annulled'}`}>{t(c.valid ? 'claims.rowValid' : 'claims.rowInvalid')}</span>
            {c.manual ? <span className="badge badge-finished">{t('claims.rowManual')}</span> : null}
            {c.awarded ? <span className="badge badge-finished">{t('claims.rowAwarded')}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
