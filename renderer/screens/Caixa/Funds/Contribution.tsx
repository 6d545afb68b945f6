import { useState, type FormEvent } from 'react';
import type { ChannelOutput } from '../../../../core/contract.js';
import { invoke } from '../../../client.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog.js';
import type { useOffline } from '../../../components/LinkBanner.js';
import { parseEuroText } from '../../../lib/money.js';
import { useFundWords, type Fund, type Say } from './fund.js';
import { FundSelect } from './FundSelect.js';

/** A manager's contribution to a fund: the fund and the amount, said before it is recorded. */
export function useContribution(funds: readonly Fund[], say: Say, reload: () => void) {
  const { t, f, label } = useFundWords();
  const [fund, setFund] = useState('');
  const [amount, setAmount] = useState('');
  const fundValue = funds.some((x) => x.fund === fund) ? fund : '';
  // The contribution as it will be recorded, said before it is.
  const [contribution, setContribution] = useState<{ fund: Fund; amountCents: number } | null>(null);
  return {
    fundValue,
    setFund,
    amount,
    setAmount,
    contribution,
    cancel: () => setContribution(null),
    ask: (e: FormEvent) => {
      e.preventDefault();
      say.done(null);
      const target = funds.find((x) => x.fund === fundValue);
      if (!target) {
        say.error(t('funds.fundMissing'));
        return;
      }
      const cents = parseEuroText(amount);
      if (cents === null || cents <= 0) {
        say.error(t('funds.amountInvalid'));
        return;
      }
      say.error(null);
      setContribution({ fund: target, amountCents: cents });
    },
    contributed: (r: ChannelOutput<'jackpot.contribute'>) => {
      const cents = contribution?.amountCents ?? 0;
      setContribution(null);
      setAmount('');
      say.done(t('funds.contributed', { amount: f.money(cents), fund: label(r.fund), held: f.money(r.heldCents) }));
      reload();
    },
  };
}
type ContributionState = ReturnType<typeof useContribution>;

/** "Contribuir": the fund (with what it holds) and the amount. */
export function ContributeForm({ c, funds, offline }: { c: ContributionState; funds: readonly Fund[]; offline: ReturnType<typeof useOffline> }) {
  const { t } = useFundWords();
  return (
    <form className="form" onSubmit={c.ask} aria-labelledby="contribute-title" noValidate>
      <h3 id="contribute-title">{t('funds.contributeTitle')}</h3>
      <label>
        {t('funds.fund')}
        <FundSelect testId="contribute-fund" funds={funds} value={c.fundValue} onChange={c.setFund} />
      </label>
      <label>
        {t('funds.amount')}
        <span className="input-suffix">
          <input data-testid="contribute-amount" inputMode="decimal" placeholder="100,00" value={c.amount} onChange={(e) => c.setAmount(e.target.value)} autoComplete="off" />
          <span aria-hidden="true">€</span>
        </span>
      </label>
      <p className="hint">{t('funds.contributeHint')}</p>
      <button type="submit" className="btn btn-primary" data-testid="contribute-submit" {...offline}>
        {t('funds.contribute')}
      </button>
    </form>
  );
}

/** The contribution confirmed: how much, to which fund, what it holds before and after. */
export function ContributeDialog({ c }: { c: ContributionState }) {
  const { t, f, label } = useFundWords();
  const { contribution } = c;
  if (!contribution) return null;
  return (
    <ConfirmDialog
      title={t('funds.contributeConfirmTitle', { amount: f.money(contribution.amountCents) })}
      confirmLabel={t('funds.contributeConfirm')}
      testId="contribute-dialog"
      confirmTestId="contribute-confirm"
      onConfirm={() => invoke('jackpot.contribute', { fund: contribution.fund.fund, amountCents: contribution.amountCents })}
      onDone={c.contributed}
      onClose={c.cancel}
    >
      <p data-testid="contribute-what">
        {t('funds.contributeConfirmText', {
          amount: f.money(contribution.amountCents),
          fund: label(contribution.fund.fund),
          held: f.money(contribution.fund.heldCents),
          after: f.money(contribution.fund.heldCents + contribution.amountCents),
        })}
      </p>
    </ConfirmDialog>
  );
}
