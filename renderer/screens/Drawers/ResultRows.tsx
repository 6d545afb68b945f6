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

type Result = { expectedCents: number; countedCents: number; varianceCents: number };

/**
 * A close's figures in a table: the cash's, then the chips' when the drawer held them. Test ids
 * `<prefix>-expected`, `-counted`, `-variance` and `<prefix>-chips-expected`, `-chips-counted`, `-chips-variance`.
 */
export function ResultTable({ prefix, result, className = 'table drawer-result', testId }: { prefix: string; result: Result & { chips: Result | null }; className?: string; testId?: string }) {
  return (
    <table className={className} data-testid={testId}>
      <tbody>
        <ResultRows labels={['drawer.expected', 'drawer.counted', 'drawer.variance']} testIds={[`${prefix}-expected`, `${prefix}-counted`, `${prefix}-variance`]} result={result} />
        {result.chips ? (
          <ResultRows
            labels={['drawer.chipsExpected', 'drawer.chipsCounted', 'drawer.chipsVariance']}
            testIds={[`${prefix}-chips-expected`, `${prefix}-chips-counted`, `${prefix}-chips-variance`]}
            result={result.chips}
          />
        ) : null}
      </tbody>
    </table>
  );
}
