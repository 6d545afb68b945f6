import { describe, expect, it } from 'vitest';
import { checkSale, parseQuantity } from './sale.js';
import { screensForRoles, tabTestId, type ScreenId } from './screens.js';
import { ACCESS_TOKEN_KEY, loadAccessToken, takeTokenFromHash } from './token.js';

describe('screens by role', () => {
  it('cashier sells and pays, managers and admins run games, see the prizes and run the checks, several roles get every tab', () => {
    expect(screensForRoles(['cashier'])).toEqual(['sale', 'prizes', 'drawer']);
    // A manager's caixa: the identified players' record in every hall (Lei n.º 83/2017), the casino's desk where there is one.
    expect(screensForRoles(['manager'])).toEqual(['game', 'prizes', 'acta', 'close', 'checks', 'caixa', 'drawer', 'settings']);
    expect(screensForRoles(['admin'])).toEqual(['game', 'prizes', 'acta', 'close', 'checks', 'caixa', 'drawer', 'settings']);
    expect(screensForRoles(['cashier', 'manager'])).toEqual(['sale', 'prizes', 'game', 'acta', 'close', 'checks', 'caixa', 'drawer', 'settings']);
    expect(screensForRoles(['caixa'])).toEqual(['caixa', 'drawer']);
    // The compliance officer: the caixa's tab (the identified players' record) alone, no drawer.
    expect(screensForRoles(['compliance'])).toEqual(['caixa']);
    // Where the hall identifies its players at the entrance (Lei n.º 83/2017, art. 76.º, n.º 5): the counter's and the
    // caixa's register after their drawer; a manager's tabs never grow (the entries are in the record).
    expect(screensForRoles(['cashier'], { entryDesk: true })).toEqual(['sale', 'prizes', 'drawer', 'entry']);
    expect(screensForRoles(['caixa'], { entryDesk: true })).toEqual(['caixa', 'drawer', 'entry']);
    expect(screensForRoles(['cashier', 'manager'], { entryDesk: true })).toHaveLength(9);
    expect(screensForRoles(['compliance'], { entryDesk: true })).toEqual(['caixa']);
    expect(tabTestId('entry')).toBe('entry-tab');
    // Every role at once: nine tabs, the most the header holds.
    expect(screensForRoles(['cashier', 'caixa', 'manager', 'admin'])).toHaveLength(9);
    expect(screensForRoles(['cashier', 'caixa', 'manager', 'admin', 'compliance'])).toHaveLength(9);
  });
  it('keeps the first tabs\' test ids', () => {
    expect(['sale', 'game', 'prizes', 'acta', 'settings', 'drawer', 'checks'].map((s) => tabTestId(s as ScreenId))).toEqual([
      'tab-sale',
      'tab-game',
      'prizes-tab',
      'acta-tab',
      'settings-tab',
      'drawer-tab',
      'checks-tab',
    ]);
  });
});

describe('sale form', () => {
  it('quantity is a whole number from 1', () => {
    expect(parseQuantity('5')).toBe(5);
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('1.5')).toBeNull();
    expect(parseQuantity('-2')).toBeNull();
  });
  it('computes total and change in cents, refuses too little tendered', () => {
    expect(checkSale('5', 100, 2000)).toEqual({ ok: true, quantity: 5, totalCents: 500, changeCents: 1500 });
    expect(checkSale('3', 150, 450)).toEqual({ ok: true, quantity: 3, totalCents: 450, changeCents: 0 });
    expect(checkSale('3', 150, 400)).toEqual({ ok: false, reason: 'tendered', quantity: 3, totalCents: 450, missingCents: 50 });
    expect(checkSale('x', 150, 400)).toEqual({ ok: false, reason: 'quantity', totalCents: null });
  });
});

describe('access token from the URL fragment', () => {
  it('takes the token and keeps the rest of the fragment', () => {
    expect(takeTokenFromHash('#token=abc')).toEqual({ token: 'abc', rest: '' });
    expect(takeTokenFromHash('#token=abc&x=1')).toEqual({ token: 'abc', rest: '#x=1' });
    expect(takeTokenFromHash('#x=1')).toEqual({ token: null, rest: '#x=1' });
    expect(takeTokenFromHash('')).toEqual({ token: null, rest: '' });
    expect(takeTokenFromHash('#token=')).toEqual({ token: null, rest: '' });
  });

  it('stores it, cleans the address bar, and falls back to storage on reload', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const replaced: string[] = [];
    const history = { state: null, replaceState: (_s: unknown, _t: string, url?: string | URL | null) => void replaced.push(String(url)) };
    const first = loadAccessToken({ location: { hash: '#token=s3cr3t', pathname: '/', search: '' }, history, storage });
    expect(first).toBe('s3cr3t');
    expect(store.get(ACCESS_TOKEN_KEY)).toBe('s3cr3t');
    expect(replaced).toEqual(['/']);
    const again = loadAccessToken({ location: { hash: '', pathname: '/', search: '' }, history, storage });
    expect(again).toBe('s3cr3t');
    expect(replaced).toHaveLength(1);
  });
});
