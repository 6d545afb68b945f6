import type { Role } from '../../core/roles.js';

export type ScreenId = 'sale' | 'prizes' | 'game' | 'acta' | 'close' | 'checks' | 'caixa' | 'drawer' | 'entry' | 'settings';

/**
 * The screens an operator gets, in tab order: cashier -> sale, prizes and
 * refunds; manager/admin -> game, prizes (to see them; the cashier pays),
 * acta, the day's close, the checks of the audit chain and the books; caixa
 * -> guias (managers: the identified players' record, and the casino's desk
 * in a hall with machines or tables; the compliance officer: the record alone); everyone who handles cash
 * (cashier, caixa, manager, admin) -> the terminal's drawer; manager/admin ->
 * settings last (an admin's users are a panel of it: at most 9 tabs). Where the hall identifies its bingo players
 * at the entrance (Lei n.º 83/2017, art. 76.º, n.º 5; `entryDesk`), the counter and the caixa who do not manage get
 * the entrance's register after their drawer (a manager reads the entries in the identified players' record).
 */
export function screensForRoles(roles: readonly Role[], options: { entryDesk?: boolean } = {}): ScreenId[] {
  const screens: ScreenId[] = [];
  const manages = roles.includes('manager') || roles.includes('admin');
  if (roles.includes('cashier')) screens.push('sale', 'prizes');
  if (manages) screens.push('game');
  if (manages && !screens.includes('prizes')) screens.push('prizes');
  if (manages) screens.push('acta', 'close', 'checks');
  // The casino caixa: its staff always; managers always too, for the identified players' record (Lei n.º 83/2017),
  // with the casino's desk once the hall has slot machines or tables (CaixaScreen says which).
  // The compliance officer: that record and the barred list alone, under the caixa's tab.
  if (roles.includes('caixa') || manages || roles.includes('compliance')) screens.push('caixa');
  if (manages || roles.includes('cashier') || roles.includes('caixa')) screens.push('drawer');
  if (options.entryDesk === true && !manages && (roles.includes('cashier') || roles.includes('caixa'))) screens.push('entry');
  if (manages) screens.push('settings');
  return screens;
}

/** The tab's test id: the first screens kept `tab-<id>`, the later ones `<id>-tab`. */
export function tabTestId(screen: ScreenId): string {
  return screen === 'sale' || screen === 'game' ? `tab-${screen}` : `${screen}-tab`;
}
