/**
 * The bingo's money kinds (Despacho Normativo 80/85): a card sale and its void,
 * the close of sale's provisions, the special prize, an annulled game's
 * release, a refund and a prize paid; and the lines they move on a drawer's
 * X and Z.
 */
import type { DrawerLine, MoneyKind } from '../money-kinds.js';

export const BINGO_MONEY_KINDS = [
  // Paid in cash or in chips (art. 19): the same line of whichever the drawer took.
  { kind: 'card_sale', documents: ['sale'], cashLine: 'sales', chipLine: 'cards' },
  { kind: 'card_sale_void', documents: ['sale'], cashLine: 'sales', chipLine: 'cards' },
  { kind: 'game_sale_closed', documents: ['game'] },
  { kind: 'special_prize_won', documents: ['game'] },
  { kind: 'special_fund_started', documents: ['session', 'game'] },
  { kind: 'game_annulled', documents: ['game'] },
  { kind: 'card_refund', documents: ['sale'], cashLine: 'refunds' },
  { kind: 'prize_paid', documents: ['winner'], cashLine: 'prizes' },
] as const satisfies readonly MoneyKind[];

export const BINGO_CASH_LINES: readonly DrawerLine[] = [
  { key: 'sales', side: 'in', label: 'Vendas', shown: 'always', order: 10 },
  { key: 'prizes', side: 'out', label: 'Prémios', shown: 'always', order: 40 },
  { key: 'refunds', side: 'out', label: 'Devoluções', shown: 'always', order: 50 },
];

export const BINGO_CHIP_LINES: readonly DrawerLine[] = [{ key: 'cards', side: 'in', label: 'Cartões pagos em fichas', shown: 'moved', order: 30 }];
