import { useFundWords, type Fund } from './fund.js';

/**
 * A fund chosen from a list ("Escolha…" first): each option says the fund and what it holds, unless `option` says it
 * otherwise. The contribution's fund and the transfer's two ends.
 */
export function FundSelect({
  testId,
  funds,
  value,
  onChange,
  disabled,
  option,
}: {
  testId: string;
  funds: readonly Fund[];
  value: string;
  onChange: (fund: string) => void;
  disabled?: boolean;
  option?: (fund: Fund) => string;
}) {
  const { t, f, label } = useFundWords();
  return (
    <select data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
      <option value="">{t('funds.choose')}</option>
      {funds.map((x) => (
        <option key={x.fund} value={x.fund}>
          {option ? option(x) : t('funds.option', { fund: label(x.fund), held: f.money(x.heldCents) })}
        </option>
      ))}
    </select>
  );
}
