/**
 * The casino caixa's money kinds (Portaria 1441/95): a guia issued, voided and
 * paid (its cash part out of the drawer), and the jackpot funds' contributions
 * and transfers.
 */
import type { DrawerLine, MoneyKind } from '../money-kinds.js';

export const CAIXA_MONEY_KINDS = [
  { kind: 'guia_issued', documents: ['guia'] },
  { kind: 'guia_voided', documents: ['guia'] },
  { kind: 'guia_paid', documents: ['guia'], cashLine: 'guias' },
  { kind: 'fund_contribution', documents: ['fund_contribution'] },
  { kind: 'fund_transfer', documents: ['fund_transfer'] },
] as const satisfies readonly MoneyKind[];

export const CAIXA_CASH_LINES: readonly DrawerLine[] = [{ key: 'guias', side: 'out', label: 'Guias', shown: 'always', order: 60 }];
