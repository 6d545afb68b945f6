import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { TableRegion } from '../../components/TableRegion.js';
import { useFormat } from '../../format.js';

type Acta = ChannelOutput<'session.acta'>;

/**
 * The acta's prizes beside its games (Despacho Normativo 80/85, art. 17.º, n.º 3): what the session's games awarded,
 * paid and left owed; each prize owed at the close with its game and card; the prizes of earlier sessions paid in
 * this one, naming where each was won. As the acta's PDF lists them.
 */
export function ActaPrizes({ acta: a }: { acta: Acta }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { totals } = a;
  if (totals.prizesAwardedCents === 0 && a.earlierPrizesPaid.length === 0) return null;
  // Until the close a prize not paid is still to be paid; the closed acta names what the close left owed.
  const owedTitle = t(a.closedAt ? 'acta.owedTitle' : 'acta.owedTitleOpen');
  return (
    <div className="acta-prizes" data-testid="acta-prizes">
      <p className="meta" data-testid="acta-prizes-totals">
        {t('acta.prizesAwarded', { amount: f.money(totals.prizesAwardedCents), paid: f.money(totals.prizesPaidCents), owed: f.money(totals.prizesOwedCents) })}
      </p>
      <h2 className="acta-prizes-title" id="acta-owed-title">
        {owedTitle}
      </h2>
      {a.prizesOwed.length === 0 ? (
        <p className="empty" data-testid="acta-owed-none">
          {t('acta.owedNone')}
        </p>
      ) : (
        <PrizeTable caption={owedTitle} testId="acta-owed" rows={a.prizesOwed} total={t('acta.owedTotal', { amount: f.money(totals.prizesOwedCents) })} />
      )}
      {a.earlierPrizesPaid.length > 0 ? (
        <>
          <h2 className="acta-prizes-title">{t('acta.earlierTitle')}</h2>
          <PrizeTable
            caption={t('acta.earlierTitle')}
            testId="acta-earlier"
            rows={a.earlierPrizesPaid}
            total={t('acta.earlierTotal', { amount: f.money(totals.earlierPrizesPaidCents) })}
          />
        </>
      ) : null}
    </div>
  );
}

type PrizeRow = Acta['prizesOwed'][number] & { sessionId?: number };

function PrizeTable({ caption, testId, rows, total }: { caption: string; testId: string; rows: readonly PrizeRow[]; total: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <TableRegion name={caption}>
      <table className="table compact" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('acta.prizeGame')}</th>
            <th scope="col">{t('acta.prizeKind')}</th>
            <th scope="col">{t('acta.prizeCard')}</th>
            <th scope="col" className="num">
              {t('acta.prizeAmount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.winnerId} data-testid={`${testId}-${p.winnerId}`}>
              <td>{p.sessionId === undefined ? p.gameNumber : t('acta.prizeWonIn', { session: p.sessionId, game: p.gameNumber })}</td>
              <td>{t(`kind.${p.kind}`)}</td>
              <td>{`${p.seriesCode} ${p.card}`}</td>
              <td className="num">{f.money(p.prizeCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={4} className="num" data-testid={`${testId}-total`}>
              {total}
            </td>
          </tr>
        </tfoot>
      </table>
    </TableRegion>
  );
}
