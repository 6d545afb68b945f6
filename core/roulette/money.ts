/**
 * The face-value chips' money kinds at the caixa (IX.7-8): chips sold for
 * cash and redeemed for it, and the chip float filled from the vault and
 * credited back to it; the lines they move, of the drawer's cash and of its
 * chips.
 */
import type { DrawerLine, MoneyKind } from '../money-kinds.js';

export const CHIP_MONEY_KINDS = [
  { kind: 'chips_sold', documents: ['chip_exchange'], cashLine: 'chipsSold', chipLine: 'sold' },
  { kind: 'chips_redeemed', documents: ['chip_exchange'], cashLine: 'chipsRedeemed', chipLine: 'redeemed' },
  { kind: 'chips_filled', documents: ['chip_movement'], chipLine: 'fills' },
  { kind: 'chips_credited', documents: ['chip_movement'], chipLine: 'credits' },
] as const satisfies readonly MoneyKind[];

export const CHIP_CASH_LINES: readonly DrawerLine[] = [
  { key: 'chipsSold', side: 'in', label: 'Fichas vendidas', shown: 'moved', order: 30 },
  { key: 'chipsRedeemed', side: 'out', label: 'Fichas trocadas', shown: 'moved', order: 90 },
];

/** The chips' own lines of a caixa's drawer (its chips:<terminal> account). */
export const CHIP_FLOAT_LINES: readonly DrawerLine[] = [
  { key: 'fills', side: 'in', label: 'Reforços do cofre', shown: 'moved', order: 10 },
  { key: 'redeemed', side: 'in', label: 'Fichas trocadas por dinheiro', shown: 'moved', order: 20 },
  { key: 'sold', side: 'out', label: 'Fichas vendidas', shown: 'moved', order: 40 },
  { key: 'credits', side: 'out', label: 'Entregas ao cofre', shown: 'moved', order: 50 },
];
