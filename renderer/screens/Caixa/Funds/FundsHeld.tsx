import type { ChannelOutput } from '../../../../core/contract.js';
import type { ClientError } from '../../../client.js';
import { TableRegion } from '../../../components/TableRegion.js';
import { ListNotGiven } from '../ListNotGiven.js';
import { useFundWords } from './fund.js';

/** "Valores cativos" (n.º 5): each fund, its machines, model and bet, what it holds and the total; the bingo's special fund beside them. */
export function FundsHeld({ held, error }: { held: ChannelOutput<'report.fundsHeld'> | undefined; error: ClientError | null }) {
  const { t, f, label } = useFundWords();
  const funds = held?.funds ?? [];
  return (
    <>
      {held === undefined ? (
        <ListNotGiven error={error} testId="funds" />
      ) : funds.length === 0 ? (
        <p className="empty">{t('funds.none')}</p>
      ) : (
        <TableRegion name={t('funds.tableTitle')} className="funds-table-wrap">
          <table className="table funds-table" data-testid="funds-table">
            <caption className="visually-hidden">{t('funds.tableTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('funds.col.fund')}</th>
                <th scope="col">{t('funds.col.kind')}</th>
                <th scope="col">{t('funds.col.machines')}</th>
                <th scope="col">{t('funds.col.model')}</th>
                <th scope="col" className="num">
                  {t('funds.col.bet')}
                </th>
                <th scope="col" className="num">
                  {t('funds.col.held')}
                </th>
              </tr>
            </thead>
            <tbody>
              {funds.map((x) => (
                <tr key={x.fund} data-testid={`fund-row-${x.fund}`}>
                  <th scope="row">{label(x.fund)}</th>
                  <td>{t(`funds.kind.${x.kind}`)}</td>
                  <td>{x.machines.length === 0 ? '—' : x.machines.join(', ')}</td>
                  <td>{x.model ?? '—'}</td>
                  <td className="num">{x.betCents === null ? '—' : f.money(x.betCents)}</td>
                  <td className="num">{f.money(x.heldCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={5}>
                  {t('funds.total', { count: funds.length })}
                </th>
                <td className="num" data-testid="funds-total">
                  {f.money(held.totalCents)}
                </td>
              </tr>
            </tfoot>
          </table>
        </TableRegion>
      )}
      {held?.specialFund ? (
        // The bingo's special prize fund is held for the players too (DN art. 10): here with the machines' funds.
        <p className={held.specialFund.frozen ? 'alert alert-warn' : 'notice'} data-testid="funds-special">
          {t(held.specialFund.frozen ? 'funds.specialFrozen' : 'funds.special', { amount: f.money(held.specialFund.heldCents) })}
        </p>
      ) : null}
    </>
  );
}
