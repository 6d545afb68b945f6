import { useTranslation } from 'react-i18next';
import type { WinnerView } from '../../../core/contract.js';
import type { ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import type { useOffline } from '../../components/LinkBanner.js';
import { TableRegion } from '../../components/TableRegion.js';
import { useFormat } from '../../format.js';
import { cardOf } from './payout.js';

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
      <ErrorAlert error={error} testId="prizes-load-error" />
      {prizes && prizes.length === 0 ? <p className="empty">{t('prizes.none')}</p> : null}
      {prizes && prizes.length > 0 ? (
        <TableRegion name={t('prizes.title')}>
          <table className="table payouts">
            <thead>
              <tr>
                <th scope="col" className="num">
                  {t('prizes.game')}
                </th>
                <th scope="col">{t('prizes.card')}</th>
                <th scope="col">{t('prizes.kind')}</th>
                <th scope="col" className="num">
                  {t('prizes.amount')}
                </th>
                <th scope="col">{t('prizes.status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('prizes.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {prizes.map((w) => (
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
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
    </section>
  );
}
