/** A fund as the caixa shows it: its name in words, and where its transfer may go (n.º 6). */
import { useTranslation } from 'react-i18next';
import { inspectorateTargets, sameModelTargets, type TransferBranch } from '../../../../core/caixa/rules.js';
import type { ChannelOutput } from '../../../../core/contract.js';
import type { ClientError } from '../../../client.js';
import { useFormat } from '../../../format.js';

export type Fund = ChannelOutput<'report.fundsHeld'>['funds'][number];

/** What the panel says after an act: what was done, or what is wrong (one line for both forms). */
export interface Say {
  done: (text: string | null) => void;
  error: (error: ClientError | string | null) => void;
}

/** `machine:7` -> "Máquina 7", `group:A` -> "Grupo A"; any other name as it is. */
export function useFundLabel() {
  const { t } = useTranslation();
  return (fund: string) => {
    const m = /^(machine|group):(.+)$/.exec(fund);
    if (!m) return fund;
    return m[1] === 'machine' ? t('funds.machineFund', { number: m[2] }) : t('funds.groupFund', { code: m[2] });
  };
}

/** What every part of the funds' panel speaks with: the words, the figures' format, a fund's name. */
export function useFundWords() {
  const { t } = useTranslation();
  return { t, f: useFormat(), label: useFundLabel() };
}

/**
 * Where a fund may go (n.º 6): the others of its model and bet while the hall
 * has any (first branch); else any other fund with machines behind it, which
 * the Inspecção-Geral de Jogos authorised (second branch); never a fund behind
 * one of its own machines.
 */
export function transferTargets(funds: readonly Fund[], from: Fund | undefined): { branch: TransferBranch | null; sameModel: Fund[]; targets: Fund[] } {
  if (!from) return { branch: null, sameModel: [], targets: [] };
  const sameModel = sameModelTargets(funds, from);
  if (sameModel.length > 0) return { branch: 'same_model', sameModel, targets: sameModel };
  return { branch: 'inspectorate', sameModel, targets: inspectorateTargets(funds, from) };
}
