/**
 * Identification where Lei n.º 83/2017 (art. 76.º) asks for it, on the
 * screens: where the hall identifies at a prize's delivery, the counter's
 * prize payment opens the identification first and pays the player named;
 * 2 000,00 € of chips open it before the sale; the manager's record of the
 * gaming day names the player, the list of persons barred from play is read,
 * said and imported, and a barred identification refused at the caixa shows
 * on the manager's record. At 1024x768 (touch, pt-PT) and 1920x1080
 * (keyboard, en), each dialog's acts inside the window. Screenshots to
 * E2E_IDENTIFICATION_SHOTS when set.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamingDayOf } from '../core/compliance/rules.js';
import { expectInSight, expectNoSidewaysScroll, expectText, launchChromium, login, openAs, openKiosk, readFaces, type RunningKiosk, startKiosk } from './support.js';

let kiosk: RunningKiosk;
let browser: Browser;
const SHOTS = process.env.E2E_IDENTIFICATION_SHOTS;
const winners: number[] = [];
let firstCard = 0;

const token = async (username: string, pin: string) => (await kiosk.call('auth.login', { username, pin })).value.operatorToken as string;

beforeAll(async () => {
  kiosk = await startKiosk(['--demo']);
  browser = await launchChromium();
  const manager = await token('gerente', '2222');
  const cashier = await token('caixa1', '3333');
  expect((await kiosk.call('settings.update', { identificationMoment: 'prize' }, manager)).ok).toBe(true);
  // A line won in the demo's open game: the prize the counter pays.
  const gameId = (await kiosk.call('session.current', {}, cashier)).value.games[0].id as number;
  const sale = await kiosk.call('sale.create', { gameId, quantity: 3, payment: { method: 'cash', tenderedCents: 300 } }, cashier);
  firstCard = sale.value.ranges[0].from as number;
  expect((await kiosk.call('game.closeSale', { gameId }, manager)).ok).toBe(true);
  for (const number of readFaces(kiosk.dataDir, 'A', firstCard, firstCard).get(firstCard)![0]!) await kiosk.call('game.drawBall', { gameId, number }, manager);
  expect((await kiosk.call('game.claim', { gameId, kind: 'line', seriesCode: 'A', card: firstCard }, manager)).value.valid).toBe(true);
  winners.push((await kiosk.call('game.closeClaims', { gameId, kind: 'line' }, manager)).value.winners[0].winnerId as number);
  // The caixa's chips for the two sales of 2 000,00 € below: four 1 000,00 € chips from the vault.
  const caixa = await token('tesouraria', '5555');
  expect((await kiosk.call('chips.move', { kind: 'fill', chips: [{ valueCents: 100_000, count: 4 }], reason: 'Reforço do cofre' }, caixa)).ok).toBe(true);
});

afterAll(async () => {
  await browser?.close();
  await kiosk?.stop();
});

const CASES = [
  { viewport: { width: 1024, height: 768 }, touch: true, lang: 'pt-PT' as const },
  { viewport: { width: 1920, height: 1080 }, touch: false, lang: 'en' as const },
] as const;
type Case = (typeof CASES)[number];

const shot = async (page: Page, name: string, c: Case) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${c.viewport.width}x${c.viewport.height}.png` });
};

async function identify(page: Page, person: { name: string; number: string; birth: string }) {
  await page.getByTestId('identify-dialog').waitFor();
  await page.getByTestId('identify-number').fill(person.number);
  await page.getByTestId('identify-name').fill(person.name);
  await page.getByTestId('identify-birth').fill(person.birth);
  await page.getByTestId('identify-verified').check();
}

const BARRED = ['Nome;Tipo de documento;N.º do documento;País emissor;Data de nascimento;Válido de;Válido até', 'Rui Barrado Teste;cc;98765432 1 ZZ9;PT;1970-03-03;2026-01-01;', 'Ana Antiga;passport;P1234567;ES;1960-01-01;2020-01-01;2021-01-01', ''].join('\r\n');

describe('identification at the counter and the caixa (Lei n.º 83/2017, art. 76.º)', () => {
  it('the prize paid where the hall identifies at its delivery: the identification opens first, the player named is paid', async () => {
    const c = CASES[0];
    const page = await openAs(browser, kiosk, 'caixa1', '3333', { viewport: c.viewport, hasTouch: c.touch, lang: c.lang });
    await page.getByTestId('prizes-tab').click();
    await page.getByTestId(`prize-pay-${winners[0]}`).click();
    await expectText(page, 'pay-payee-text', 'Identificação do premiado obrigatória: a sala identifica os jogadores na entrega de cada prémio (Lei n.º 83/2017, art. 76.º, n.º 5).');
    await page.getByTestId('prize-card').fill(`A ${firstCard}`);
    await page.getByTestId('prize-confirm').click();
    await identify(page, { name: 'Maria Premiada Teste', number: '12345678 9 ZZ1', birth: '1980-05-17' });
    await expectInSight(page, 'identify-record', 'identify-verified');
    await shot(page, 'prize-identify', c);
    await page.getByTestId('identify-record').click();
    await expectText(page, 'pay-payee-text', 'Jogador: Maria Premiada Teste (Cartão de Cidadão');
    await expectInSight(page, 'prize-confirm', 'pay-payee-choose');
    await shot(page, 'prize-payee', c);
    await page.getByTestId('prize-confirm').click();
    await expectText(page, `prize-row-${winners[0]}`, 'Pago');
    await expectNoSidewaysScroll(page);
    await page.context().close();
  });

  for (const c of CASES) {
    it(`2 000,00 € of chips open the identification before the sale, sold to the player named, at ${c.viewport.width}x${c.viewport.height}`, async () => {
      const page = await openAs(browser, kiosk, 'tesouraria', '5555', { viewport: c.viewport, hasTouch: c.touch, lang: c.lang });
      await page.getByTestId('caixa-sub-chips').click();
      await page.getByTestId('chip-100000').click();
      await page.getByTestId('chip-100000').click();
      await page.getByTestId('chips-sell').click();
      await page.getByTestId('identify-dialog').waitFor();
      await expectInSight(page, 'identify-record', 'identify-find');
      await shot(page, 'chips-identify', c);
      await page.getByTestId('identify-dialog').getByTestId('confirm-cancel').click();
      await expectText(
        page,
        'pay-payee-text',
        c.lang === 'en' ? "The player's identification is required: the amount reaches the gaming day's threshold (Law 83/2017, art. 76)." : 'Identificação do jogador obrigatória: o valor chega ao limiar do dia de jogo (Lei n.º 83/2017, art. 76.º).',
      );
      await expectInSight(page, 'chips-confirm', 'pay-payee-choose');
      await shot(page, 'chips-payee-needed', c);
      // Maria, identified at the prize: her document found (1920) or recorded again (1024), then the sale.
      await page.getByTestId('pay-payee-choose').click();
      await page.getByTestId('identify-dialog').waitFor();
      if (c === CASES[0]) {
        await identify(page, { name: 'Maria Premiada Teste', number: '12345678 9 ZZ1', birth: '1980-05-17' });
        await page.getByTestId('identify-record').click();
      } else {
        await page.getByTestId('identify-number').fill('123456789zz1');
        await page.getByTestId('identify-find').click();
      }
      await expectText(page, 'pay-payee-text', c.lang === 'en' ? 'Player: Maria Premiada Teste' : 'Jogador: Maria Premiada Teste');
      await page.getByTestId('chips-confirm').click();
      await expectText(page, 'chips-done', '2 000,00 €');
      await shot(page, 'chips-sold', c);
      await expectNoSidewaysScroll(page);
      await page.context().close();
    });
  }

  for (const c of CASES) {
    it(`the manager's record and the barred list, at ${c.viewport.width}x${c.viewport.height}`, async () => {
      const page = await openAs(browser, kiosk, 'gerente', '2222', { viewport: c.viewport, hasTouch: c.touch, lang: c.lang });
      await page.getByTestId('caixa-tab').click();
      await page.getByTestId('caixa-sub-identifications').click();
      await expectText(page, 'identifications-acts', 'Maria Premiada Teste');
      // The prize (0,15 €) and two sales of chips (2 000,00 € each): her day's total on each row.
      expect(await page.getByTestId('identifications-acts').locator('tbody tr').count()).toBe(3);
      await expectText(page, 'identifications-acts', '4 000,15 €');
      await expectInSight(page, 'identifications-day', 'identifications-csv');
      await shot(page, 'identifications', c);
      if (c === CASES[0]) {
        await page.getByTestId('barred-file').setInputFiles({ name: 'interditos.csv', mimeType: 'text/csv', buffer: Buffer.from(BARRED, 'utf8') });
        await expectText(page, 'barred-preview', 'interditos.csv: 2 pessoas; 1 proibidas hoje, 1 com a interdição terminada, 0 com a interdição ainda por começar. É a primeira lista da sala.');
        await shot(page, 'barred-preview', c);
        await page.getByTestId('barred-import').click();
        await expectInSight(page, 'barred-confirm');
        await shot(page, 'barred-confirm', c);
        await page.getByTestId('barred-confirm').click();
        await expectText(page, 'barred-done', 'Lista importada: 2 pessoas, 1 proibidas hoje.');
        await expectText(page, 'barred-current', 'Lista em vigor: 2 pessoas');
        // The caixa identifies the barred person: refused in words, and the manager's record shows it.
        const caixa = await token('tesouraria', '5555');
        const refused = await kiosk.call('person.identify', { person: { name: 'Rui Barrado Teste', documentType: 'cc', documentNumber: '987654321ZZ9', country: 'PT', birthDate: '1970-03-03' }, documentVerified: true }, caixa);
        expect(refused.error?.code).toBe('PERSON_BARRED');
        await expectText(page, 'identifications-refusals', 'Rui Barrado Teste (Cartão de Cidadão 98765432 1 ZZ9, PT, 03/03/1970), linha 2 da lista; recusada por tesouraria');
        await shot(page, 'identifications-refused', c);
      } else {
        await expectText(page, 'identifications-refusals', 'Rui Barrado Teste');
        await expectText(page, 'barred-current', 'List in force: 2 persons');
      }
      // The erasure at the end of the legal period (art. 51.º): nothing is seven years old here, so nothing to erase.
      await expectText(page, 'erasure-preview', c.lang === 'en' ? 'No identification before' : 'Nenhuma identificação anterior a');
      await expectText(page, 'erasure-rule', c.lang === 'en' ? 'kept 7 years from the last act (Law 83/2017, art. 51)' : 'guardam-se 7 anos, contados do último ato (Lei n.º 83/2017, art. 51.º)');
      expect(await page.getByTestId('erasure-start').count()).toBe(0);
      await page.getByTestId('erasure-preview').scrollIntoViewIfNeeded();
      await shot(page, 'erasure', c);
      await expectNoSidewaysScroll(page);
      await page.context().close();
    });
  }

  it('the compliance officer logs in to the record alone: the caixa tab, Identificações, no drawer, the player named', async () => {
    const admin = await token('admin', '1111');
    expect((await kiosk.call('users.create', { username: 'conformidade', name: 'Rita Conformidade', roles: ['compliance'], pin: '7777' }, admin)).ok).toBe(true);
    const c = CASES[0];
    const page = await openAs(browser, kiosk, 'conformidade', '7777', { viewport: c.viewport, hasTouch: c.touch, lang: c.lang });
    await page.getByTestId('identifications-day').waitFor();
    // One screen: no tab bar at all, and none of the floor's.
    for (const other of ['caixa-tab', 'drawer-tab', 'tab-sale', 'tab-game', 'settings-tab']) expect(await page.getByTestId(other).count(), other).toBe(0);
    expect(await page.locator('[role="tab"][data-testid^="caixa-sub-"]').allInnerTexts()).toEqual(['Identificações']);
    // The gaming day's record as the manager reads it: the three acts, the player named.
    await expectText(page, 'identifications-acts', 'Maria Premiada Teste');
    await expectText(page, 'identifications-acts', '4 000,15 €');
    await expectInSight(page, 'identifications-day', 'identifications-acts');
    await expectNoSidewaysScroll(page);
    await shot(page, 'compliance-officer', c);
    await page.context().close();
  });

  it('a guia the screen took for anonymous: the kiosk refuses it for want of the player, the identification opens with its words, and the player named is paid', async () => {
    const manager = await token('gerente', '2222');
    const caixa = await token('tesouraria', '5555');
    // The hall's threshold is 50,00 €; the screen is told 2 000,00 € (a setting it read before a manager changed it).
    expect((await kiosk.call('settings.update', { identificationThresholdCents: 5_000 }, manager)).ok).toBe(true);
    try {
      const guia = (await kiosk.call('guia.issue', { machineNumber: '9', amountCents: 6_000, kind: 'hand_pay' }, caixa)).value as { number: number };
      const c = CASES[0];
      const page = await openKiosk(browser, kiosk, { viewport: c.viewport, hasTouch: c.touch, lang: c.lang });
      await page.route('**/rpc/settings.get', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { ok: boolean; value?: Record<string, unknown> };
        if (body.value) body.value.identificationThresholdCents = 200_000;
        await route.fulfill({ response, json: body });
      });
      await login(page, 'tesouraria', '5555');
      await page.getByTestId('guia-query').fill(`GUIA|${guia.number}`);
      await page.getByTestId('guia-query').press('Enter');
      await expectText(page, 'guia-amount', '60,00 €');
      await expectText(page, 'pay-payee-text', 'Jogador não identificado');
      await page.getByTestId('pay-submit').click();
      await page.getByTestId('pay-confirm').click();
      // Refused by the kiosk: the payment's dialog gives way to the identification, with the kiosk's words.
      await expectText(page, 'identify-reason', 'Identificação obrigatória: com o pagamento desta guia (60,00 €) o jogador chega a 60,00 € no dia de jogo, o limiar é 50,00 €');
      expect(await page.getByTestId('pay-dialog').count()).toBe(0);
      await expectInSight(page, 'identify-find', 'identify-record');
      await shot(page, 'guia-identify-asked', c);
      await page.getByTestId('identify-number').fill('123456789zz1');
      await page.getByTestId('identify-find').click();
      await expectText(page, 'pay-payee-text', 'Beneficiário: Maria Premiada Teste');
      await expectText(page, 'guia-status', 'Por pagar');
      await page.getByTestId('pay-submit').click();
      await page.getByTestId('pay-confirm').click();
      await expectText(page, 'guia-status', 'Paga');
      await expectNoSidewaysScroll(page);
      await page.context().close();
      // Recorded once, to her: the kiosk's record of the gaming day.
      const day = (await kiosk.call('compliance.day', { gamingDay: gamingDayOf(new Date(), 'Europe/Lisbon') }, manager)).value as { acts: { act: string; cents: number; name: string }[] };
      expect(day.acts.filter((a) => a.act === 'guia_payment').map((a) => [a.cents, a.name])).toEqual([[6_000, 'Maria Premiada Teste']]);
    } finally {
      expect((await kiosk.call('settings.update', { identificationThresholdCents: 200_000 }, manager)).ok).toBe(true);
    }
  });

  it('the caixa sees no record of identified players', async () => {
    const page = await openAs(browser, kiosk, 'tesouraria', '5555', { viewport: CASES[0].viewport });
    await page.getByTestId('caixa-sub-guias').waitFor();
    expect(await page.getByTestId('caixa-sub-identifications').count()).toBe(0);
    await page.context().close();
  });
});

describe('a bingo hall (no slot machines, no tables)', () => {
  it('gives its manager the Caixa tab with the identified players alone', async () => {
    const bingo = await startKiosk([]);
    try {
      expect((await bingo.call('setup.init', { hallName: 'Sala Só Bingo', admin: { username: 'admin', name: 'Admin', pin: '1111' } })).ok).toBe(true);
      const admin = (await bingo.call('auth.login', { username: 'admin', pin: '1111' })).value.operatorToken as string;
      expect((await bingo.call('users.create', { username: 'gerente', name: 'Gerente', roles: ['manager'], pin: '2222' }, admin)).ok).toBe(true);
      const c = CASES[0];
      const page = await openAs(browser, bingo, 'gerente', '2222', { viewport: c.viewport, hasTouch: c.touch, lang: c.lang });
      await page.getByTestId('caixa-tab').click();
      await page.getByTestId('identifications-day').waitFor();
      expect(await page.locator('[role="tab"][data-testid^="caixa-sub-"]').allInnerTexts()).toEqual(['Identificações']);
      await expectText(page, 'barred-current', 'Ainda não foi importada nenhuma lista');
      await expectNoSidewaysScroll(page);
      await shot(page, 'bingo-hall-identifications', c);
      // No one identified yet: the manager reads that there is no key, and may not install one.
      await expectText(page, 'identity-key-state', 'Ainda sem chave');
      expect(await page.getByTestId('identity-key-file').count()).toBe(0);
      await page.context().close();

      // The admin installs the group's key from its file, after the dialog says it never changes afterwards.
      const key = Buffer.alloc(32, 9).toString('base64');
      const adminPage = await openAs(browser, bingo, 'admin', '1111', { viewport: c.viewport, hasTouch: c.touch, lang: c.lang });
      await adminPage.getByTestId('caixa-tab').click();
      await adminPage.getByTestId('caixa-sub-identifications').click();
      await adminPage.getByTestId('identity-key-file').setInputFiles({ name: 'chave-grupo.txt', mimeType: 'text/plain', buffer: Buffer.from(`${key}\n`, 'utf8') });
      await expectText(adminPage, 'identity-key-dialog', 'A chave de chave-grupo.txt passa a ser a das identificações desta sala. Depois da primeira identificação não se pode mudar.');
      await expectInSight(adminPage, 'identity-key-confirm');
      await shot(adminPage, 'identity-key-confirm', c);
      await adminPage.getByTestId('identity-key-confirm').click();
      await expectText(adminPage, 'identity-key-done', 'Chave do grupo instalada: impressão digital');
      await expectText(adminPage, 'identity-key-state', 'Chave do grupo (impressão digital');
      // Installed: the choice is gone (a key changes only before the first identification, and this one is the group's).
      expect(await adminPage.getByTestId('identity-key-file').count()).toBe(0);
      const status = (await bingo.call('identityKey.status', {}, admin)).value as { source: string; fingerprint: string };
      expect(status.source).toBe('group');
      await expectText(adminPage, 'identity-key-state', status.fingerprint);
      await expectNoSidewaysScroll(adminPage);
      await adminPage.getByTestId('identity-key-state').scrollIntoViewIfNeeded();
      await shot(adminPage, 'identity-key-installed', c);
      await adminPage.context().close();
    } finally {
      await bingo.stop();
    }
  });
});
