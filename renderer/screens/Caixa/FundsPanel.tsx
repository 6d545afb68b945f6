/**
 * The jackpot and superjackpot funds: what each holds for the players
 * ("valores cativos", Portaria 1441/95, n.º 5), a manager's contribution to
 * one, and the transfer of a fund whole (n.º 6) to another machine or group
 * of the same model and bet or, where the hall has none, to the machines the
 * Inspecção-Geral de Jogos authorised (any model), with the authorisation's
 * reference and a second manager's approval; the transfers made.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { inspectorateTargets, sameModelTargets, type TransferBranch } from '../../../core/caixa/rules.js';
import type { ChannelOutput } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ApprovalDialog } from '../../components/ApprovalDialog.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { ListNotGiven, useLoadError } from './ListNotGiven.js';
import { useOffline } from '../../components/LinkBanner.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { parseEuroText } from '../../lib/money.js';
import { TableRegion } from '../../components/TableRegion.js';

type Fund = ChannelOutput<'report.fundsHeld'>['funds'][number];

/** What the authorisation reference may hold (core/caixa/contract.ts: 1 to 60 characters). */
const MAX_REF = 60;

/** `machine:7` -> "Máquina 7", `group:A` -> "Grupo A"; any other name as it is. */
function useFundLabel() {
  const { t } = useTranslation();
  return (fund: string) => {
    const m = /^(machine|group):(.+)$/.exec(fund);
    if (!m) return fund;
    return m[1] === 'machine' ? t('funds.machineFund', { number: m[2] }) : t('funds.groupFund', { code: m[2] });
  };
}

/**
 * Where a fund may go (n.º 6): the others of its model and bet while the hall
 * has any (first branch); else any other fund with machines behind it, which
 * the Inspecção-Geral de Jogos authorised (second branch); never a fund behind
 * one of its own machines.
 */
function transferTargets(funds: readonly Fund[], from: Fund | undefined): { branch: TransferBranch | null; sameModel: Fund[]; targets: Fund[] } {
  if (!from) return { branch: null, sameModel: [], targets: [] };
  const sameModel = sameModelTargets(funds, from);
  if (sameModel.length > 0) return { branch: 'same_model', sameModel, targets: sameModel };
  return { branch: 'inspectorate', sameModel, targets: inspectorateTargets(funds, from) };
}

interface Pending {
  from: Fund;
  to: Fund;
  branch: TransferBranch;
  ref: string;
}

/** Manager: "Valores cativos" (n.º 5), the contribution and the transfer (n.º 6). */
export function FundsPanel() {
  const { t } = useTranslation();
  const f = useFormat();
  const label = useFundLabel();
  const held = useKioskQuery('report.fundsHeld', {});
  const transfers = useKioskQuery('jackpot.transfers', {});
  const funds = held.data?.funds ?? [];
  const heldError = useLoadError(held.error);
  // What needs the hall is off while the link is down, pointing to the banner for why.
  const offline = useOffline();
  const transfersError = useLoadError(transfers.error);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  // Contribution
  const [fund, setFund] = useState('');
  const [amount, setAmount] = useState('');
  const fundValue = funds.some((x) => x.fund === fund) ? fund : '';

  // Transfer
  const [fromName, setFromName] = useState('');
  const [toName, setToName] = useState('');
  const [ref, setRef] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const from = funds.find((x) => x.fund === fromName);
  const { branch, sameModel, targets } = transferTargets(funds, from);
  const to = targets.find((x) => x.fund === toName);
  const behind = (x: Fund) => ({ fund: label(x.fund), model: x.model ?? '—', bet: x.betCents === null ? '—' : f.money(x.betCents) });

  // The contribution as it will be recorded, said before it is.
  const [contribution, setContribution] = useState<{ fund: Fund; amountCents: number } | null>(null);
  const contribute = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const target = funds.find((x) => x.fund === fundValue);
    if (!target) {
      setError(t('funds.fundMissing'));
      return;
    }
    const cents = parseEuroText(amount);
    if (cents === null || cents <= 0) {
      setError(t('funds.amountInvalid'));
      return;
    }
    setError(null);
    setContribution({ fund: target, amountCents: cents });
  };
  const contributed = (r: ChannelOutput<'jackpot.contribute'>) => {
    const cents = contribution?.amountCents ?? 0;
    setContribution(null);
    setAmount('');
    setDone(t('funds.contributed', { amount: f.money(cents), fund: label(r.fund), held: f.money(r.heldCents) }));
    void held.reload();
  };

  const askTransfer = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    if (!from) {
      setError(t('funds.fromMissing'));
      return;
    }
    if (from.heldCents <= 0) {
      setError(t('funds.fromEmpty', { fund: label(from.fund) }));
      return;
    }
    if (!to || !branch) {
      setError(targets.length === 0 ? t('funds.noTargetsAny', { fund: label(from.fund) }) : t('funds.toMissing'));
      return;
    }
    if (ref.trim() === '') {
      setError(t(branch === 'inspectorate' ? 'funds.refMissingInspectorate' : 'funds.refMissing'));
      return;
    }
    setError(null);
    setPending({ from, to, branch, ref: ref.trim() });
  };

  return (
    <section className="panel funds-panel" aria-labelledby="funds-title">
      <div className="panel-head">
        <h2 id="funds-title">{t('funds.title')}</h2>
        {held.data ? <p className="meta">{t('funds.subtitle')}</p> : null}
      </div>
      {/* The funds and the transfers made on the left, each scrolling in its box; the two forms and what they said on the right: no page scroll at 768 px. */}
      <div className="funds-layout">
        <div className="funds-lists">
          <ErrorAlert error={heldError} testId="funds-load-error" />
          {held.data === undefined ? (
            <ListNotGiven error={held.error} testId="funds" />
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
                      {f.money(held.data.totalCents)}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </TableRegion>
          )}
          {held.data?.specialFund ? (
            // The bingo's special prize fund is held for the players too (DN art. 10): here with the machines' funds.
            <p className={held.data.specialFund.frozen ? 'alert alert-warn' : 'notice'} data-testid="funds-special">
              {t(held.data.specialFund.frozen ? 'funds.specialFrozen' : 'funds.special', { amount: f.money(held.data.specialFund.heldCents) })}
            </p>
          ) : null}

          <ErrorAlert error={transfersError} testId="transfers-load-error" />
          {transfers.data && transfers.data.length > 0 ? (
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
                  {transfers.data.map((x) => (
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
          ) : null}
        </div>
        <div className="funds-acts">
          <div className="funds-forms">
            <form className="form" onSubmit={contribute} aria-labelledby="contribute-title" noValidate>
              <h3 id="contribute-title">{t('funds.contributeTitle')}</h3>
              <label>
                {t('funds.fund')}
                <select data-testid="contribute-fund" value={fundValue} onChange={(e) => setFund(e.target.value)}>
                  <option value="">{t('funds.choose')}</option>
                  {funds.map((x) => (
                    <option key={x.fund} value={x.fund}>
                      {t('funds.option', { fund: label(x.fund), held: f.money(x.heldCents) })}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('funds.amount')}
                <span className="input-suffix">
                  <input
                    data-testid="contribute-amount"
                    inputMode="decimal"
                    placeholder="100,00"
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                    autoComplete="off"
                  />
                  <span aria-hidden="true">€</span>
                </span>
              </label>
              <p className="hint">{t('funds.contributeHint')}</p>
              <button type="submit" className="btn btn-primary" data-testid="contribute-submit" {...offline}>
                {t('funds.contribute')}
              </button>
            </form>

            <form className="form" onSubmit={askTransfer} aria-labelledby="transfer-title" noValidate>
              <h3 id="transfer-title">{t('funds.transferTitle')}</h3>
              <label>
                {t('funds.from')}
                <select
                  data-testid="transfer-from"
                  value={from ? from.fund : ''}
                  onChange={(e) => {
                    setFromName(e.target.value);
                    setToName('');
                  }}
                >
                  <option value="">{t('funds.choose')}</option>
                  {funds.map((x) => (
                    <option key={x.fund} value={x.fund}>
                      {t('funds.option', { fund: label(x.fund), held: f.money(x.heldCents) })}
                    </option>
                  ))}
                </select>
              </label>
              {from && branch ? (
                <p className={branch === 'inspectorate' ? 'hint hint-warn' : 'hint'} role="status" data-testid="transfer-branch">
                  {branch === 'same_model'
                    ? t('funds.branchSameModel', { ...behind(from), count: sameModel.length })
                    : t('funds.branchInspectorate', behind(from))}
                </p>
              ) : null}
              <label>
                {t('funds.to')}
                <select
                  data-testid="transfer-to"
                  value={to ? to.fund : ''}
                  onChange={(e) => setToName(e.target.value)}
                  disabled={!from || targets.length === 0}
                >
                  <option value="">{t('funds.choose')}</option>
                  {targets.map((x) => (
                    <option key={x.fund} value={x.fund}>
                      {branch === 'inspectorate'
                        ? t('funds.optionModel', { fund: label(x.fund), model: x.model ?? '—', bet: x.betCents === null ? '—' : f.money(x.betCents), held: f.money(x.heldCents) })
                        : t('funds.option', { fund: label(x.fund), held: f.money(x.heldCents) })}
                    </option>
                  ))}
                </select>
              </label>
              {from && targets.length === 0 ? <p className="hint hint-warn">{t('funds.noTargetsAny', { fund: label(from.fund) })}</p> : null}
              <label data-testid="transfer-form-ref">
                {t(branch === 'inspectorate' ? 'funds.refInspectorate' : 'funds.ref')}
                <input data-testid="transfer-ref" value={ref} onChange={(e) => setRef(e.target.value)} maxLength={MAX_REF} autoComplete="off" spellCheck={false} />
              </label>
              {from ? null : <p className="hint">{t('funds.transferHint')}</p>}
              <button type="submit" className="btn btn-warning" data-testid="transfer-submit" disabled={pending !== null} {...offline}>
                {t('funds.transfer')}
              </button>
            </form>
          </div>
          {done ? (
            <p className="success" role="status" data-testid="funds-done">
              {done}
            </p>
          ) : null}
          <ErrorAlert error={error} testId="funds-error" />
        </div>
      </div>
      {contribution ? (
        <ConfirmDialog
          title={t('funds.contributeConfirmTitle', { amount: f.money(contribution.amountCents) })}
          confirmLabel={t('funds.contributeConfirm')}
          testId="contribute-dialog"
          confirmTestId="contribute-confirm"
          onConfirm={() => invoke('jackpot.contribute', { fund: contribution.fund.fund, amountCents: contribution.amountCents })}
          onDone={contributed}
          onClose={() => setContribution(null)}
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
      ) : null}
      {pending ? (
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
          onSubmit={(approval) =>
            invoke('jackpot.transfer', { from: pending.from.fund, to: pending.to.fund, branch: pending.branch, authorisationRef: pending.ref, approval })
          }
          onDone={(v) => {
            setPending(null);
            setFromName('');
            setToName('');
            setRef('');
            setDone(t('funds.transferred', { amount: f.money(v.amountCents), from: label(v.from), to: label(v.to), held: f.money(v.toHeldCents) }));
            void held.reload();
            void transfers.reload();
          }}
          onClose={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}
