import { useTranslation } from 'react-i18next';
import { useFormat } from '../../format.js';

/** Expected, counted and the variance (signed, marked when not zero), for the cash or the chips. */
export function ResultRows({
  labels,
  testIds,
  result,
}: {
  labels: readonly [string, string, string];
  testIds: readonly [string, string, string];
  result: { expectedCents: number; countedCents: number; varianceCents: number };
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const v = result.varianceCents;
  return (
    <>
      <tr>
        <th scope="row">{t(labels[0])}</th>
        <td className="num" data-testid={testIds[0]}>
          {f.money(result.expectedCents)}
        </td>
      </tr>
      <tr>
        <th scope="row">{t(labels[1])}</th>
        <td className="num" data-testid={testIds[1]}>
          {f.money(result.countedCents)}
        </td>
      </tr>
      <tr className={v === 0 ? undefined : 'variance-off'}>
        <th scope="row">{t(labels[2])}</th>
        <td className="num" data-testid={testIds[2]}>
          {v > 0 ? `+${f.money(v)}` : f.money(v)}
        </td>
      </tr>
    </>
  );
}
