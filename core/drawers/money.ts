/** The drawers' own money kinds: cash brought in by hand, paid out with its reason, and dropped to the safe. */
import type { DrawerLine, MoneyKind } from '../money-kinds.js';

export const DRAWER_MONEY_KINDS = [
  { kind: 'pay_in', documents: ['drawer_movement'], cashLine: 'payIns' },
  { kind: 'pay_out', documents: ['drawer_movement'], cashLine: 'payOuts' },
  { kind: 'drop', documents: ['drawer_movement'], cashLine: 'drops' },
] as const satisfies readonly MoneyKind[];

export const DRAWER_CASH_LINES: readonly DrawerLine[] = [
  { key: 'payIns', side: 'in', label: 'Entradas de numerário', shown: 'always', order: 20 },
  { key: 'payOuts', side: 'out', label: 'Saídas de numerário', shown: 'always', order: 70 },
  { key: 'drops', side: 'out', label: 'Recolhas para o cofre', shown: 'always', order: 80 },
];
