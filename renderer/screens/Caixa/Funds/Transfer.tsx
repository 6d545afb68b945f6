import { useState, type FormEvent } from 'react';
import type { TransferBranch } from '../../../../core/caixa/rules.js';
import type { ChannelOutput } from '../../../../core/contract.js';
import { invoke } from '../../../client.js';
import { ApprovalDialog } from '../../../components/ApprovalDialog.js';
import type { useOffline } from '../../../components/LinkBanner.js';
import { transferTargets, useFundWords, type Fund, type Say } from './fund.js';
import { FundSelect } from './FundSelect.js';

/** What the authorisation reference may hold (core/caixa/contract.ts: 1 to 60 characters). */
const MAX_REF = 60;

interface Pending {
  from: Fund;
  to: Fund;
  branch: TransferBranch;
  ref: string;
}

/** A fund's transfer whole (n.º 6): from, to, the authorisation's reference, then a second manager's approval. */
export function useTransfer(funds: readonly Fund[], say: Say, reload: () => void) {
  const { t, f, label } = useFundWords();
  const [fromName, setFromName] = useState('');
  const [toName, setToName] = useState('');
  const [ref, setRef] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const from = funds.find((x) => x.fund === fromName);
  const { branch, sameModel, targets } = transferTargets(funds, from);
  const to = targets.find((x) => x.fund === toName);
  return {
    from,
    to,
    branch,
    sameModel,
    targets,
    chooseFrom: (name: string) => {
      setFromName(name);
      setToName('');
    },
    setToName,
    ref,
    setRef,
    pending,
    cancel: () => setPending(null),
    ask: (e: FormEvent) => {
      e.preventDefault();
      say.done(null);
      if (!from) {
        say.error(t('funds.fromMissing'));
        return;
      }
      if (from.heldCents <= 0) {
        say.error(t('funds.fromEmpty', { fund: label(from.fund) }));
        return;
      }
      if (!to || !branch) {
        say.error(targets.length === 0 ? t('funds.noTargetsAny', { fund: label(from.fund) }) : t('funds.toMissing'));
        return;
      }
      if (ref.trim() === '') {
        say.error(t(branch === 'inspectorate' ? 'funds.refMissingInspectorate' : 'funds.refMissing'));
        return;
      }
      say.error(null);
      setPending({ from, to, branch, ref: ref.trim() });
    },
    transferred: (v: ChannelOutput<'jackpot.transfer'>) => {
      setPending(null);
      setFromName('');
      setToName('');
      setRef('');
      say.done(t('funds.transferred', { amount: f.money(v.amountCents), from: label(v.from), to: label(v.to), held: f.money(v.toHeldCents) }));
      reload();
    },
  };
}
type TransferState = ReturnType<typeof useTransfer>;

/** "Transferir": the fund from, the branch it goes by, the fund to, the authorisation's reference. */
export function TransferForm({ tr, funds, offline }: { tr: TransferState; funds: readonly Fund[]; offline: ReturnType<typeof useOffline> }) {
  const { t, f, label } = useFundWords();
  const { from, to, branch, targets } = tr;
  const behind = (x: Fund) => ({ fund: label(x.fund), model: x.model ?? '—', bet: x.betCents === null ? '—' : f.money(x.betCents) });
  return (
    <form className="form" onSubmit={tr.ask} aria-labelledby="transfer-title" noValidate>
      <h3 id="transfer-title">{t('funds.transferTitle')}</h3>
      <label>
        {t('funds.from')}
        <FundSelect testId="transfer-from" funds={funds} value={from ? from.fund : ''} onChange={tr.chooseFrom} />
      </label>
      {from && branch ? (
        <p className={branch === 'inspectorate' ? 'hint hint-warn' : 'hint'} role="status" data-testid="transfer-branch">
          {branch === 'same_model' ? t('funds.branchSameModel', { ...behind(from), count: tr.sameModel.length }) : t('funds.branchInspectorate', behind(from))}
        </p>
      ) : null}
      <label>
        {t('funds.to')}
        <FundSelect
          testId="transfer-to"
          funds={targets}
          value={to ? to.fund : ''}
          onChange={tr.setToName}
          disabled={!from || targets.length === 0}
          // On the second branch each fund says what is behind it: the inspectorate authorised a move across models.
          option={branch === 'inspectorate' ? (x) => t('funds.optionModel', { ...behind(x), held: f.money(x.heldCents) }) : undefined}
        />
      </label>
      {from && targets.length === 0 ? <p className="hint hint-warn">{t('funds.noTargetsAny', { fund: label(from.fund) })}</p> : null}
      <label data-testid="transfer-form-ref">
        {t(branch === 'inspectorate' ? 'funds.refInspectorate' : 'funds.ref')}
        <input data-testid="transfer-ref" value={tr.ref} onChange={(e) => tr.setRef(e.target.value)} maxLength={MAX_REF} autoComplete="off" spellCheck={false} />
      </label>
      {from ? null : <p className="hint">{t('funds.transferHint')}</p>}
      <button type="submit" className="btn btn-warning" data-testid="transfer-submit" disabled={tr.pending !== null} {...offline}>
        {t('funds.transfer')}
      </button>
    </form>
  );
}

/** The transfer said whole, approved by a second manager. */
export function TransferApproval({ tr }: { tr: TransferState }) {
  const { t, f, label } = useFundWords();
  const { pending } = tr;
  if (!pending) return null;
  return (
    <ApprovalDialog
      title={t('funds.approvalTitle')}
      explain={t(pending.branch === 'inspectorate' ? 'funds.transferExplainInspectorate' : 'funds.transferExplain', {
        amount: f.money(pending.from.heldCents),
        from: label(pending.from.fund),
        to: label(pending.to.fund),
        ref: pending.ref,
        model: pending.from.model ?? '—',
        bet: pending.from.betCents === null ? '—' : f.money(pending.from.betCents),
      })}
      submitLabel={t('funds.transferConfirm')}
      testId="transfer-approval"
      onSubmit={(approval) => invoke('jackpot.transfer', { from: pending.from.fund, to: pending.to.fund, branch: pending.branch, authorisationRef: pending.ref, approval })}
      onDone={tr.transferred}
      onClose={tr.cancel}
    />
  );
}
