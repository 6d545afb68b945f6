/** Which screen chunks are asked for, and when: the first screen alone, then the rest of the operator's, never another role's. */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const imported: string[] = [];
const failing = new Set<string>();

function screen(name: string) {
  imported.push(name);
  if (failing.has(name)) throw new Error(`${name}: net::ERR_CONNECTION_REFUSED`);
  return { [name]: () => null };
}

/** screenChunks.tsx afresh (its chunks not yet asked for), over screens that record when they are imported. */
async function fresh() {
  vi.resetModules();
  vi.doMock('./screens/Sale/SaleScreen.js', () => screen('SaleScreen'));
  vi.doMock('./screens/Prizes/PrizesScreen.js', () => screen('PrizesScreen'));
  vi.doMock('./screens/Game/GameScreen.js', () => screen('GameScreen'));
  vi.doMock('./screens/Acta/ActaScreen.js', () => screen('ActaScreen'));
  vi.doMock('./screens/Acta/DayCloseScreen.js', () => screen('DayCloseScreen'));
  vi.doMock('./screens/Checks/ChecksScreen.js', () => screen('ChecksScreen'));
  vi.doMock('./screens/Caixa/CaixaScreen.js', () => screen('CaixaScreen'));
  vi.doMock('./screens/Drawers/DrawerScreen.js', () => screen('DrawerScreen'));
  vi.doMock('./screens/Settings/SettingsScreen.js', () => screen('SettingsScreen'));
  vi.doMock('./screens/Users/UsersPanel.js', () => screen('UsersPanel'));
  vi.doMock('./components/PrintJobs.js', () => screen('PrintBadge'));
  return import('./screenChunks.js');
}

beforeEach(() => {
  imported.length = 0;
  failing.clear();
});

describe('preloadScreens', () => {
  it("asks for a cashier's first screen at once, the rest of theirs once idle, and nothing of a manager's", async () => {
    const { preloadScreens } = await fresh();
    preloadScreens(['sale', 'prizes', 'drawer'], false);
    await vi.waitFor(() => expect(imported).toContain('SaleScreen'));
    expect(imported).toEqual(['SaleScreen']);
    await vi.waitFor(() => expect(imported).toHaveLength(3));
    expect(imported).toEqual(['SaleScreen', 'PrizesScreen', 'DrawerScreen']);
    await new Promise((r) => setTimeout(r, 300));
    expect(imported).toEqual(['SaleScreen', 'PrizesScreen', 'DrawerScreen']);
  });

  it("gives an admin the users' panel with the settings, and asks for each chunk once", async () => {
    const { preloadScreens } = await fresh();
    const screens = ['game', 'prizes', 'acta', 'close', 'checks', 'drawer', 'settings'] as const;
    preloadScreens(screens, true);
    preloadScreens(screens, true);
    await vi.waitFor(() => expect(imported).toHaveLength(8));
    expect(imported[0]).toBe('GameScreen');
    expect(imported.slice(1).sort()).toEqual(['ActaScreen', 'ChecksScreen', 'DayCloseScreen', 'DrawerScreen', 'PrizesScreen', 'SettingsScreen', 'UsersPanel']);
    await new Promise((r) => setTimeout(r, 300));
    expect(imported).toHaveLength(8);
  });

  it('the others still come when the first did not load', async () => {
    failing.add('GameScreen');
    const { preloadScreens } = await fresh();
    preloadScreens(['game', 'acta'], false);
    await vi.waitFor(() => expect(imported).toEqual(['GameScreen', 'ActaScreen']));
  });
});

describe('preloadCommon', () => {
  it('asks only for what every role has: the drawer and the print badge', async () => {
    const { preloadCommon } = await fresh();
    preloadCommon();
    await vi.waitFor(() => expect(imported).toHaveLength(2));
    expect(imported.sort()).toEqual(['DrawerScreen', 'PrintBadge']);
  });
});
