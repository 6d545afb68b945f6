import { useTranslation } from 'react-i18next';
import type { BoardView } from '../../../../core/contract.js';
import { TableRegion } from '../../../components/TableRegion.js';
import { useFormat } from '../../../format.js';
import { cardLabel } from './claim.js';

/** The game's winners with their prizes and whether each is paid. */
export function Winners({ winners }: { winners: BoardView['winners'] }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <section aria-labelledby="winners-title">
      <h3 id="winners-title">{t('winners.title')}</h3>
      <TableRegion name={t('winners.title')} testId="winners">
        {winners.length === 0 ? (
          <p className="empty">{t('winners.none')}</p>
        ) : (
          <table className="table compact">
            <thead>
              <tr>
                <th scope="col">{t('winners.kind')}</th>
                <th scope="col">{t('winners.card')}</th>
                <th scope="col" className="num">
                  {t('winners.ball')}
                </th>
                <th scope="col" className="num">
                  {t('winners.prize')}
                </th>
                <th scope="col">{t('winners.status')}</th>
              </tr>
            </thead>
            <tbody>
              {winners.map((w) => (
                <tr key={w.winnerId} data-testid={`winner-row-${w.winnerId}`}>
                  <td>{t(`kind.${w.kind}`)}</td>
                  <td>{cardLabel(w.seriesCode, w.card)}</td>
                  <td className="num">{w.ballCount}</td>
                  <td className="num">
                    <strong>{f.money(w.prizeCents)}</strong>
                  </td>
                  <td>{t(`prizeStatus.${w.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </TableRegion>
    </section>
  );
}
