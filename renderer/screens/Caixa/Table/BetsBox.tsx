import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../../components/ColumnHeads.js';
import { TableRegion } from '../../../components/TableRegion.js';
import { useFormat } from '../../../format.js';
import { numbersText } from './parse.js';
import type { BetInput, Colours, Settlement } from './types.js';
import { useBetWords } from './useBetWords.js';

/** The spin's bets (each to remove), or once settled the payments in the X.22 order; a list that scrolls in its box. */
export function BetsBox({
  colours,
  bets,
  result,
  onRemove,
  onBack,
}: {
  colours: Colours;
  bets: readonly BetInput[];
  result: Settlement | null;
  onRemove: (index: number) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const name = result ? t('tableSheet.resultTableTitle') : t('tableSheet.betsTitle');
  return (
    <TableRegion name={name} className="bets-box">
      {result ? <SettleResult colours={colours} result={result} onBack={onBack} /> : <BetsList colours={colours} bets={bets} onRemove={onRemove} />}
    </TableRegion>
  );
}

/** The settlement: the number drawn, the total of prizes, and the payments in the X.22 order, the bets lost after them. */
function SettleResult({ colours, result, onBack }: { colours: Colours; result: Settlement; onBack: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { withChips } = useBetWords(colours);
  const lost = result.bets.map((b, i) => ({ b, i })).filter(({ i }) => !result.paymentOrder.includes(i));
  return (
    <div className="settle-result" data-testid="settle-result" role="status">
      <div className="settle-result-head">
        <h3>{t('tableSheet.resultTitle', { number: result.number, colour: t(`tableSheet.colourName.${result.colour}`, { defaultValue: result.colour }) })}</h3>
        <p className="settle-total">
          {t('tableSheet.totalPrize')} <strong data-testid="settle-total">{f.money(result.totalPrizeCents)}</strong>
        </p>
        <button type="button" className="btn btn-small" data-testid="settle-back" onClick={onBack}>
          {t('tableSheet.settleBack')}
        </button>
      </div>
      {result.paymentOrder.length === 0 ? <p className="empty">{t('tableSheet.noWinners')}</p> : null}
      <table className="table settle-table">
        <caption className="visually-hidden">{t('tableSheet.resultTableTitle')}</caption>
        <ColumnHeads
          columns={[
            { label: t('tableSheet.col.order') },
            { label: t('tableSheet.col.betAnnouncement') },
            { label: t('tableSheet.col.amount'), num: true },
            { label: t('tableSheet.col.prize'), num: true },
            { label: t('tableSheet.col.returned'), num: true },
          ]}
        />
        <tbody>
          {result.paymentOrder.map((index, i) => {
            const b = result.bets[index];
            if (!b) return null;
            return (
              <tr key={`won-${index}`} data-testid={`settle-line-${i}`}>
                <th scope="row">{i + 1}</th>
                <td>
                  {withChips(b)}
                  <span className="log-sub">{b.announcement ?? '—'}</span>
                </td>
                <td className="num">{f.money(b.amountCents)}</td>
                <td className="num">{f.money(b.prizeCents)}</td>
                <td className="num">{f.money(b.returnedCents)}</td>
              </tr>
            );
          })}
          {lost.map(({ b, i }) => (
            <tr key={`lost-${i}`} className="lost" data-testid={`settle-lost-${i}`} style={{ opacity: 0.55 }}>
              <th scope="row">—</th>
              <td>
                {withChips(b)}
                <span className="log-sub">{t('tableSheet.lost')}</span>
              </td>
              <td className="num">{f.money(b.amountCents)}</td>
              <td className="num">{f.money(b.prizeCents)}</td>
              <td className="num">{f.money(b.returnedCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The bets entered for the spin, each with its stake and a key to remove it. */
function BetsList({ colours, bets, onRemove }: { colours: Colours; bets: readonly BetInput[]; onRemove: (index: number) => void }) {
  const { t } = useTranslation();
  const { betText, stakeText } = useBetWords(colours);
  if (bets.length === 0)
    return (
      <p className="empty" data-testid="bets-list">
        {t('tableSheet.noBets')}
      </p>
    );
  return (
    <table className="table bets-table" data-testid="bets-list">
      <caption className="visually-hidden">{t('tableSheet.betsTitle')}</caption>
      <ColumnHeads
        columns={[
          { label: t('tableSheet.col.bet') },
          { label: t('tableSheet.col.colour') },
          { label: t('tableSheet.col.amount'), num: true },
          { label: t('tableSheet.col.actions'), hidden: true },
        ]}
      />
      <tbody>
        {bets.map((b, i) => (
          <tr key={`${i}-${b.chance}-${numbersText(b.numbers ?? [])}`} data-testid={`bet-row-${i}`}>
            <th scope="row">{betText(b)}</th>
            <td>{b.colour ?? '—'}</td>
            <td className="num">{stakeText(b)}</td>
            <td>
              <button type="button" className="btn btn-small" data-testid={`bet-remove-${i}`} aria-label={t('tableSheet.removeBet', { bet: betText(b) })} onClick={() => onRemove(i)}>
                {t('tableSheet.remove')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
