import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { TableRegion } from '../../components/TableRegion.js';
import { useFormat } from '../../format.js';

/** The session's games in the acta: series sold, price, cards, total, prizes paid, stamp duty and state; the totals. */
export function ActaGames({ acta: a }: { acta: ChannelOutput<'session.acta'> | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = (c: number) => (c === 0 ? '—' : f.money(c));
  return (
  !a ? (
    <p className="loading">{t('common.loading')}</p>
  ) : a.games.length === 0 ? (
    <p className="empty">{t('acta.noGames')}</p>
  ) : (
    <TableRegion name={t('acta.gamesCaption')}>
      <table className="table acta">
        <caption className="visually-hidden">{t('acta.gamesCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="num">{t('acta.number')}</th>
            <th scope="col">{t('acta.series')}</th>
            <th scope="col" className="num">{t('acta.price')}</th>
            <th scope="col" className="num">{t('acta.cardsSold')}</th>
            <th scope="col" className="num">{t('acta.total')}</th>
            <th scope="col" className="num">{t('acta.linePaid')}</th>
            <th scope="col" className="num">{t('acta.bingoPaid')}</th>
            <th scope="col" className="num">{t('acta.specialPaid')}</th>
            <th scope="col" className="num">{t('acta.stampDuty')}</th>
            <th scope="col">{t('acta.state')}</th>
          </tr>
        </thead>
        <tbody>
          {a.games.map((g) => (
            <Fragment key={g.number}>
            <tr data-testid={`acta-game-${g.number}`} className={`state-${g.state}`}>
              <th scope="row" className="num">
                {g.number}
              </th>
              <td>
                {g.series.length === 0
                  ? '—'
                  : g.series.map((s) => (
                      <span key={s.order} className="acta-series">
                        {t('acta.seriesRange', { order: s.order, code: s.seriesCode, from: s.from, to: s.to })}
                      </span>
                    ))}
              </td>
              <td className="num">{f.money(g.priceCents)}</td>
              <td className="num">{g.cardsSold}</td>
              <td className="num">{f.money(g.totalCents)}</td>
              <td className="num">{money(g.linePaidCents)}</td>
              <td className="num">{money(g.bingoPaidCents)}</td>
              <td className="num">{money(g.specialPaidCents)}</td>
              <td className="num">{f.money(g.stampDutyCents)}</td>
              <td>
                <span className={`badge badge-${g.state}`}>{t(`gameState.${g.state}`, { defaultValue: g.state })}</span>
                {/* The reason under the badge: a badge holds one short word, never wider than its column. */}
                {g.annulReason ? <span className="acta-note">{t(`annulReason.${g.annulReason}`, { defaultValue: g.annulReason })}</span> : null}
                {g.isLast ? <span className="badge badge-last">{t('draw.lastGame')}</span> : null}
                {g.refundedCents > 0 ? <span className="acta-note">{t('acta.refunded', { amount: f.money(g.refundedCents) })}</span> : null}
                {g.balls > 0 ? <span className="acta-note">{t('acta.balls', { count: g.balls, set: g.ballSet ?? '—' })}</span> : null}
              </td>
            </tr>
            {/* The cards each person sold (a counter's operator or a roving seller, art. 13.º): a line under the game. */}
            {g.cardsBySeller.length > 0 ? (
              <tr data-testid={`acta-sellers-${g.number}`} className="acta-sellers">
                <td colSpan={10}>
                  <span className="acta-note">
                    {t('acta.cardsBySeller', { list: g.cardsBySeller.map((s) => t('acta.sellerCards', { name: s.name, count: s.cards })).join(' · ') })}
                  </span>
                </td>
              </tr>
            ) : null}
            </Fragment>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="acta-totals">
            <th scope="row" colSpan={3}>
              {t('acta.totals')}
            </th>
            <td className="num">{a.totals.cardsSold}</td>
            <td className="num">{f.money(a.totals.totalCents)}</td>
            <td className="num" colSpan={3}>
              {t('acta.prizesPaid', { amount: f.money(a.totals.prizesPaidCents) })}
            </td>
            <td className="num">{f.money(a.totals.stampDutyCents)}</td>
            <td>{a.totals.refundedCents > 0 ? t('acta.refunded', { amount: f.money(a.totals.refundedCents) }) : ''}</td>
          </tr>
        </tfoot>
      </table>
    </TableRegion>
  )
  );
}
