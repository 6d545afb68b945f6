import { useTranslation } from 'react-i18next';
import type { WinnerView } from '../../../core/contract.js';
import type { ClientError } from '../../client.js';
import type { useOffline } from '../../components/LinkBanner.js';
import { useFormat } from '../../format.js';
import { cardOf } from './payout.js';
import { PayoutTable } from './PayoutTable.js';

/** The session's prizes: each winner's game, card, kind and amount, paid (when, kept until) or a key to pay it. */
export function PrizeList({
  prizes,
  error,
  canPay,
  offline,
  onPay,
}: {
  prizes: readonly WinnerView[] | undefined;
  error: ClientError | null;
  canPay: boolean;
  offline: ReturnType<typeof useOffline>;
  onPay: (w: WinnerView) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const unpaid = (prizes ?? []).filter((w) => w.status === 'unpaid');
  return (
    <section className="panel prize-list-panel" aria-labelledby="prize-list-title">
      <div className="panel-head">
        <h2 id="prize-list-title">{t('prizes.title')}</h2>
        <p className="meta">{t('prizes.unpaidCount', { count: unpaid.length })}</p>
      </div>
      <PayoutTable
        rows={prizes}
        error={error}
        errorTestId="prizes-load-error"
        name={t('prizes.title')}
        none={t('prizes.none')}
        columns={[
          { label: t('prizes.game'), num: true },
          { label: t('prizes.card') },
          { label: t('prizes.kind') },
          { label: t('prizes.amount'), num: true },
          { label: t('prizes.status') },
        ]}
        actions={t('prizes.actions')}
        row={(w) => (
          <tr key={w.winnerId} data-testid={`prize-row-${w.winnerId}`} className={`status-${w.status}`}>
            <td className="num">{w.gameNumber}</td>
            <td className="card-cell">{cardOf(w)}</td>
            <td>{t(`kind.${w.kind}`)}</td>
            <td className="num amount">{f.money(w.prizeCents)}</td>
            <td>
              <span className={`badge badge-prize-${w.status}`}>{t(`prizeStatus.${w.status}`)}</span>
              {w.status === 'paid' && w.paidAt ? (
                <span className="paid-info">
                  {t('prizes.paidAt', { time: f.dateTime(w.paidAt) })}
                  {w.retainUntil ? <> · {t('prizes.retainUntil', { date: f.date(w.retainUntil) })}</> : null}
                </span>
              ) : null}
            </td>
            <td>
              {w.status === 'unpaid' && canPay ? (
                <button type="button" className="btn btn-sell-small" data-testid={`prize-pay-${w.winnerId}`} {...offline} onClick={() => onPay(w)}>
                  {t('prizes.pay')}
                </button>
              ) : null}
            </td>
          </tr>
        )}
      />
    </section>
  );
}
