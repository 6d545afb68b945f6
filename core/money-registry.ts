/**
 * Every money kind of the kiosk and every line of a drawer's X and Z, as the
 * domains declare them (core/<domain>/money.ts), merged once: a kind or a
 * line declared twice is refused at start.
 */
import { BINGO_CASH_LINES, BINGO_CHIP_LINES, BINGO_MONEY_KINDS } from './bingo/money.js';
import { CAIXA_CASH_LINES, CAIXA_MONEY_KINDS } from './caixa/money.js';
import { DRAWER_CASH_LINES, DRAWER_MONEY_KINDS } from './drawers/money.js';
import type { LedgerKind } from './ledger.js';
import { mergeDeclared, type DrawerLine, type MoneyKind } from './money-kinds.js';
import { CHIP_CASH_LINES, CHIP_FLOAT_LINES, CHIP_MONEY_KINDS } from './roulette/money.js';

// Every ledger kind has its descriptor (the compiler says which one is missing), and no other.
type Declared = (typeof BINGO_MONEY_KINDS | typeof DRAWER_MONEY_KINDS | typeof CAIXA_MONEY_KINDS | typeof CHIP_MONEY_KINDS)[number]['kind'];
const complete: [LedgerKind] extends [Declared] ? ([Declared] extends [LedgerKind] ? true : never) : never = true;
void complete;

export const MONEY_KINDS: readonly MoneyKind[] = mergeDeclared<MoneyKind>((k) => k.kind, [BINGO_MONEY_KINDS, DRAWER_MONEY_KINDS, CAIXA_MONEY_KINDS, CHIP_MONEY_KINDS]);

const byOrder = (a: DrawerLine, b: DrawerLine) => a.order - b.order;

/** The lines of a drawer's cash, in the report's order. */
export const CASH_LINES: readonly DrawerLine[] = mergeDeclared((l) => l.key, [BINGO_CASH_LINES, DRAWER_CASH_LINES, CAIXA_CASH_LINES, CHIP_CASH_LINES], byOrder);

/** The lines of a caixa's chips, in the report's order. */
export const CHIP_LINES: readonly DrawerLine[] = mergeDeclared((l) => l.key, [BINGO_CHIP_LINES, CHIP_FLOAT_LINES], byOrder);
