/**
 * Configuração in sub-screens (issue 22, points 11, 12 and 13): a bar of big
 * tabs (Sala, Séries e bolas, Cartões, Máquinas, Impressoras, Motivos, Terminais, and Utilizadores for an
 * admin), each sub-screen no longer than two screens and never sideways; the
 * printers' buttons whole at 1024x768; the law cited by its name. At
 * 1024x768 (touch, pt-PT) and 1920x1080 (keyboard: the arrows move along the
 * bar, en); 1366x768 in a11y.spec.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Box, expectNoSidewaysScroll, expectText, launchChromium, layout, openAs, type RunningKiosk, SCREEN_CASES, selectedTab, startKiosk } from './support.js';

let kiosk: RunningKiosk;
let browser: Browser;

beforeAll(async () => {
  kiosk = await startKiosk(['--demo']);
  browser = await launchChromium();
  // Two printers that never answer: their rows carry the longest state and all three buttons.
  const admin = (await kiosk.call('auth.login', { username: 'admin', pin: '1111' })).value.operatorToken as string;
  for (const p of [
    { id: 'recibos', name: 'Recibos do balcão principal', role: 'receipts', transport: 'tcp', host: '192.168.100.200', port: 9, codepage: 'cp858', widthMm: 80, drawerPin: 2 },
    { id: 'relatorios', name: 'Relatórios da gerência', role: 'reports', transport: 'tcp', host: '192.168.100.201', port: 9, codepage: 'cp858', widthMm: 58 },
  ]) {
    expect((await kiosk.call('printer.configure', p, admin)).ok).toBe(true);
  }
});

afterAll(async () => {
  await browser?.close();
  await kiosk?.stop();
});

const cases = SCREEN_CASES;

const words = {
  'pt-PT': {
    tabs: ['Sala', 'Séries e bolas', 'Cartões', 'Máquinas', 'Impressoras', 'Motivos', 'Terminais', 'Assinatura', 'Utilizadores'],
    stamp: 'Imposto do selo (Despacho Normativo 80/85, art. 17.º)',
    ballSet: 'Jogo de bolas (Despacho Normativo 80/85, art. 5.º, n.º 3)',
    paper: 'PC858 · papel de 80 mm · gaveta no pino 2',
  },
  en: {
    tabs: ['Hall', 'Series and balls', 'Cards', 'Machines', 'Printers', 'Reasons', 'Terminals', 'Signing key', 'Users'],
    stamp: 'Stamp duty (Despacho Normativo 80/85, art. 17)',
    ballSet: 'Ball set (Despacho Normativo 80/85, art. 5(3))',
    paper: 'PC858 · 80 mm paper · drawer on pin 2',
  },
};

const SUBS = ['hall', 'series', 'stock', 'machines', 'printers', 'reasons', 'terminals', 'signing', 'users'] as const;
/** What each sub-screen holds (its existing test ids). */
const HOLDS: Record<(typeof SUBS)[number], string[]> = {
  hall: ['settings-hall-name', 'stamp-duty', 'special-share', 'max-cards', 'guia-threshold', 'identification-moment', 'identification-threshold', 'shift-hours', 'settings-submit'],
  series: ['series-code', 'series-submit', 'ballset-serial', 'ballset-submit'],
  stock: ['stock-table', 'stock-move-submit', 'destroy-review'],
  machines: ['machines-panel'],
  printers: ['printers-panel', 'printer-row-recibos', 'printer-submit'],
  reasons: ['reasons-panel', 'reasons-act-drawer_kick', 'reasons-entry-1', 'reasons-save'],
  terminals: ['terminals-panel', 'terminal-name', 'terminal-enrol'],
  signing: ['hall-key-panel', 'hall-key-id', 'hall-key-sign'],
  users: ['users-panel', 'user-row-caixa1'],
};

const TWO_SCREENS = 1536;

async function open(c: (typeof cases)[number], username: string, pin: string): Promise<Page> {
  const page = await openAs(browser, kiosk, username, pin, { viewport: c.viewport, hasTouch: c.touch, lang: c.lang });
  if (c.touch) await page.getByTestId('settings-tab').tap();
  else await page.getByTestId('settings-tab').click();
  await page.getByTestId('settings-sub-hall').waitFor();
  return page;
}



describe('Configuração in sub-screens', () => {
  for (const c of cases) {
    it(`at ${c.viewport.width}x${c.viewport.height} (${c.touch ? 'touch' : 'keyboard'}, ${c.lang})`, async () => {
      const w = words[c.lang];
      const page = await open(c, 'admin', '1111');
      // The bar: one tablist, its tabs named, each a finger's size.
      expect(await page.getByRole('tablist').count()).toBe(1);
      expect(await page.locator('[role="tab"][data-testid^="settings-sub-"]').allInnerTexts()).toEqual(w.tabs);
      const tabs = (await layout(page, ['[role="tab"][data-testid^="settings-sub-"]'])).boxes[0]!;
      for (const b of tabs) expect([b.height >= 48, b.width >= 96, b.right <= c.viewport.width]).toEqual([true, true, true]);
      expect(await selectedTab(page)).toBe('settings-sub-hall');

      for (const [i, sub] of SUBS.entries()) {
        if (i > 0) {
          if (c.touch) await page.getByTestId(`settings-sub-${sub}`).tap();
          else {
            // From the keyboard: the chosen tab has the focus, the right arrow takes the next.
            await page.getByTestId(`settings-sub-${SUBS[i - 1]}`).focus();
            await page.keyboard.press('ArrowRight');
            await page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, `settings-sub-${sub}`);
          }
        }
        // (Leaving the printers' sub-screen waits for its status checks to settle.)
        await page.locator(`[data-testid="settings-sub-${sub}"][aria-selected="true"]`).waitFor();
        expect(await selectedTab(page)).toBe(`settings-sub-${sub}`);
        for (const id of HOLDS[sub]) await page.getByTestId(id).first().waitFor();
        // Only this sub-screen's: the others' fields are not on the page.
        for (const other of SUBS.filter((x) => x !== sub)) {
          expect([sub, other, await page.getByTestId(HOLDS[other][0]!).count()]).toEqual([sub, other, 0]);
        }
        await page.waitForTimeout(300);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        expect([sub, height <= TWO_SCREENS]).toEqual([sub, true]);
        await expectNoSidewaysScroll(page);
        if (sub === 'hall') await expectText(page, `settings-panel-hall`, w.stamp);
        if (sub === 'series') await expectText(page, `settings-panel-series`, w.ballSet);
        if (sub === 'printers') {
          await expectText(page, 'printer-paper-recibos', w.paper);
          // Every button of the printers' table whole, inside its box and the window; the table never scrolls sideways.
          const l = await layout(page, ['.printers-panel .table-wrap', '.printers-panel table button']);
          const [[wrap], buttons] = l.boxes as [[Box], Box[]];
          expect(buttons.length).toBe(6);
          for (const b of buttons) expect([b.left >= wrap.left, b.right <= wrap.right, b.right <= l.innerWidth]).toEqual([true, true, true]);
          const clipped = await page.evaluate(() =>
            [...document.querySelectorAll<HTMLElement>('.printers-panel .table-wrap, .printers-panel table button')]
              .filter((e) => e.scrollWidth > e.clientWidth + 1)
              .map((e) => e.dataset.testid ?? e.className),
          );
          expect(clipped).toEqual([]);
          for (const id of ['printer-test-recibos', 'printer-refresh-recibos', 'printer-edit-recibos']) {
            expect(await page.getByTestId(id).isVisible()).toBe(true);
          }
        }
      }
      // The keyboard goes round: from the last tab, the right arrow is the first again.
      if (!c.touch) {
        await page.keyboard.press('ArrowRight');
        expect(await selectedTab(page)).toBe('settings-sub-hall');
      }
      await page.context().close();

      // A manager has no users' sub-screen.
      const manager = await open(c, 'gerente', '2222');
      expect(await manager.locator('[role="tab"][data-testid^="settings-sub-"]').allInnerTexts()).toEqual(w.tabs.slice(0, -1));
      expect(await manager.getByTestId('settings-sub-users').count()).toBe(0);
      await manager.getByTestId('settings-hall-name').waitFor();
      // The terminals' list for a manager; enrolling and revoking are an admin's.
      if (c.touch) await manager.getByTestId('settings-sub-terminals').tap();
      else await manager.getByTestId('settings-sub-terminals').click();
      await manager.getByTestId('terminals-panel').waitFor();
      expect(await manager.getByTestId('terminal-name').count()).toBe(0);
      await manager.context().close();
    }, 120_000);
  }
});

describe("the hall's time zone on Sala", () => {
  const ZONES = {
    'pt-PT': ['Portugal continental (Europe/Lisbon)', 'Açores (Atlantic/Azores)', 'Madeira (Atlantic/Madeira)'],
    en: ['Mainland Portugal (Europe/Lisbon)', 'Azores (Atlantic/Azores)', 'Madeira (Atlantic/Madeira)'],
  };

  for (const c of cases) {
    it(`an admin chooses among Portugal's three; with the demo's session open the change is refused in place (${c.viewport.width}x${c.viewport.height}, ${c.lang})`, async () => {
      const page = await open(c, 'admin', '1111');
      const select = page.getByTestId('settings-time-zone');
      // The form is drawn once the settings have loaded.
      await select.locator('option').first().waitFor({ state: 'attached' });
      expect(await select.locator('option').allInnerTexts()).toEqual(ZONES[c.lang]);
      expect(await select.inputValue()).toBe('Europe/Lisbon');
      expect(await select.isEnabled()).toBe(true);
      await select.selectOption('Atlantic/Azores');
      if (c.touch) await page.getByTestId('settings-submit').tap();
      else await page.getByTestId('settings-submit').click();
      await expectText(
        page,
        'settings-error',
        c.lang === 'en' ? 'The time zone does not change while session no.' : 'O fuso horário não muda com a sessão n.º',
      );
      // Nothing changed: the kiosk still says the mainland's.
      expect((await kiosk.call('setup.status', {})).value.timeZone).toBe('Europe/Lisbon');
      await expectNoSidewaysScroll(page);
      await page.context().close();
    }, 60_000);
  }

  it('a manager sets when the hall identifies its players and the threshold (Lei n.º 83/2017, art. 76.º); a threshold over the law\'s is refused in words', async () => {
    const page = await open(cases[0], 'gerente', '2222');
    const moment = page.getByTestId('identification-moment');
    await moment.locator('option').first().waitFor({ state: 'attached' });
    expect(await moment.locator('option').allInnerTexts()).toEqual(['à entrada', 'na compra de cartões', 'em cada prémio']);
    expect(await moment.inputValue()).toBe('entry');
    expect(await page.getByTestId('identification-threshold').inputValue()).toBe('2000,00');
    // At the entrance: the entries recorded here, or by the hall's own system at the door (the box, off by default).
    expect(await page.getByTestId('entry-register').isChecked()).toBe(false);
    await page.getByTestId('entry-register').check();
    await moment.selectOption('prize');
    expect(await page.getByTestId('entry-register').count()).toBe(0);
    await expectText(page, 'identification-hint', 'O programa pede-a em cada prémio de bingo');
    await page.getByTestId('identification-threshold').fill('2500');
    await page.getByTestId('settings-submit').tap();
    await expectText(page, 'settings-error', 'Limiar de identificação inválido: um valor em euros de 0,01 a 2 000 (Lei n.º 83/2017, art. 76.º).');
    const manager = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
    expect((await kiosk.call('settings.get', {}, manager)).value).toMatchObject({ identificationMoment: 'entry', identificationThresholdCents: 200_000 });
    await page.getByTestId('identification-threshold').fill('1 500');
    await page.getByTestId('settings-submit').tap();
    await page.waitForFunction(() => document.querySelector('[data-testid="settings-error"]') === null);
    await expect.poll(async () => (await kiosk.call('settings.get', {}, manager)).value).toMatchObject({ identificationMoment: 'prize', entryRegister: true, identificationThresholdCents: 150_000 });
    await expectNoSidewaysScroll(page);
    await page.context().close();
    // Back as the demo had it, for the other tests.
    expect((await kiosk.call('settings.update', { identificationMoment: 'entry', entryRegister: false, identificationThresholdCents: 200_000 }, manager)).ok).toBe(true);
  }, 60_000);

  it('a manager sees the zone and that only an admin changes it', async () => {
    const manager = await open(cases[0], 'gerente', '2222');
    const select = manager.getByTestId('settings-time-zone');
    expect(await select.inputValue()).toBe('Europe/Lisbon');
    expect(await select.isDisabled()).toBe(true);
    await expectText(manager, 'settings-time-zone-hint', 'Só um administrador o muda.');
    await manager.context().close();
  }, 60_000);
});

describe("the hall's signing key on Assinatura", () => {
  it('a manager reads the key id and the public key the inspector verifies with, and signs a checkpoint after saying what it does', async () => {
    const c = cases[0]!;
    const page = await open(c, 'gerente', '2222');
    await page.getByTestId('settings-sub-signing').tap();
    const manager = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
    const keys = (await kiosk.call('audit.keys', {}, manager)).value as { current: { keyId: string; verifierKey: string } };
    await expectText(page, 'hall-key-id', keys.current.keyId);
    await expectText(page, 'hall-key-verifier', keys.current.verifierKey);
    await page.getByTestId('hall-key-sign').tap();
    await expectText(page, 'hall-key-sign-dialog', 'fica registado para sempre');
    await page.getByTestId('hall-key-sign-confirm').tap();
    const signed = (await kiosk.call('audit.keys', {}, manager)).value as { lastCheckpoint: { size: number; keyId: string } };
    await expectText(page, 'hall-key-signed', `${signed.lastCheckpoint.size} entradas, chave ${keys.current.keyId}`);
    await expectText(page, 'hall-key-last-checkpoint', `${signed.lastCheckpoint.size} entradas`);
    await expectNoSidewaysScroll(page);
    // Replacing the key is an admin's: a manager has no such button.
    expect(await page.getByTestId('hall-key-rotate').count()).toBe(0);
    await page.context().close();
  }, 60_000);

  it('an admin replaces the key after a dialog that says the old one signs the hand-over and is gone; the new id shows', async () => {
    const c = cases[0]!;
    const page = await open(c, 'admin', '1111');
    await page.getByTestId('settings-sub-signing').tap();
    const before = (await page.getByTestId('hall-key-id').innerText()).trim();
    await page.getByTestId('hall-key-rotate').tap();
    await expectText(page, 'hall-key-rotate-dialog', `A chave atual (${before}) assina um último ponto de verificação`);
    await page.getByTestId('hall-key-rotate-confirm').tap();
    const admin = (await kiosk.call('auth.login', { username: 'admin', pin: '1111' })).value.operatorToken as string;
    const keys = (await kiosk.call('audit.keys', {}, admin)).value as { current: { keyId: string }; keys: { keyId: string }[] };
    expect(keys.current.keyId).not.toBe(before);
    await expectText(page, 'hall-key-signed', `a ${before} assinou a passagem para a ${keys.current.keyId}`);
    await expectText(page, 'hall-key-id', keys.current.keyId);
    await expectText(page, 'hall-key-before', before);
    await page.context().close();
  }, 60_000);
});
