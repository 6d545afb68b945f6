import type { ChannelOutput } from '../../../../core/contract.js';
import { TableRegion } from '../../../components/TableRegion.js';
import { useFundWords } from './fund.js';

/** The transfers made (n.º 6): when, from where to where, how much, on which branch, the authorisation, who and who approved. */
export function TransfersMade({ transfers }: { transfers: ChannelOutput<'jackpot.transfers'> | undefined }) {
  const { t, f, label } = useFundWords();
  if (!transfers || transfers.length === 0) return null;
  return (
    <TableRegion name={t('funds.transfersTitle')} className="transfers-wrap">
      <table className="table transfers-table" data-testid="transfers-table">
        <caption>{t('funds.transfersTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('funds.col.at')}</th>
            <th scope="col">{t('funds.col.move')}</th>
            <th scope="col" className="num">
              {t('funds.col.amount')}
            </th>
            <th scope="col">{t('funds.col.branch')}</th>
            <th scope="col">{t('funds.col.ref')}</th>
            <th scope="col">{t('funds.col.who')}</th>
          </tr>
        </thead>
        <tbody>
          {transfers.map((x) => (
            <tr key={x.transferId} data-testid={`transfer-row-${x.transferId}`}>
              <td>{f.dateTime(x.at)}</td>
              <td>{t('funds.move', { from: label(x.from), to: label(x.to) })}</td>
              <td className="num">{f.money(x.amountCents)}</td>
              <td>{t(`funds.branch.${x.branch}`)}</td>
              <td>{x.authorisationRef}</td>
              <td>{t('funds.who', { operator: x.operator, approver: x.approvedBy })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
