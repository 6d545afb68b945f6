/**
 * Issue 12: a hall name (or licence, or an operator's name) that a configured
 * printer cannot print is refused when it is saved, naming the character, the
 * field and the printer, and nothing changes; before, it was saved and every
 * later receipt failed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import type { ErrorBody } from '../../../core/errors.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { snapshot } from '../../../test/harness.js';

let t: TestHall;
beforeEach(async () => {
  t = await createTestHall();
  // Two printers, one per code page: WPC1252 at the counter, PC858 for the guias.
  await t.h.ok('printer.configure', { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp1252', widthMm: 80 }, t.manager);
  await t.h.ok('printer.configure', { id: 'guias', role: 'guias', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp858', widthMm: 80 }, t.manager);
});
afterEach(() => t.h.close());

async function refusedUnchanged(channel: Channel, input: unknown, token: string): Promise<ErrorBody> {
  const before = snapshot(t.h.kiosk);
  const error = await t.h.refused(channel, input, token);
  expect(snapshot(t.h.kiosk)).toEqual(before);
  return error;
}

describe('settings.update refuses a printed text a configured printer cannot print', () => {
  it('an emoji in the hall name: refused naming the character, the field and the first printer (by role); nothing changes', async () => {
    const before = await t.h.ok('settings.get', {}, t.manager);
    expect(await refusedUnchanged('settings.update', { hallName: 'Bingo 😀 Estrela', maxCardsPerSale: 50 }, t.manager)).toEqual({
      code: 'TEXT_NOT_PRINTABLE',
      message:
        'O nome da sala ("Bingo 😀 Estrela") tem um carácter que a impressora guias (página de código cp858) não imprime: \'😀\' (U+1F600). ' +
        'Nada foi alterado: retire ou substitua esse carácter, ou configure a impressora com uma página de código que o tenha.',
      details: { field: 'hallName', subject: null, printerId: 'guias', codepage: 'cp858', chars: ['😀'] },
    });
    // The other setting of the same call was not saved either.
    expect(await t.h.ok('settings.get', {}, t.manager)).toEqual(before);
  });

  it('a dash PC858 lacks: refused naming the PC858 printer only', async () => {
    const before = await t.h.ok('settings.get', {}, t.manager);
    const error = await refusedUnchanged('settings.update', { hallName: 'Bingo – Estrela' }, t.manager);
    expect(error.code).toBe('TEXT_NOT_PRINTABLE');
    expect(error.message).toContain("'–' (U+2013)");
    expect(error.message).toContain('impressora guias (página de código cp858)');
    expect(await t.h.ok('settings.get', {}, t.manager)).toEqual(before);
  });

  it('the licence, several characters named at once', async () => {
    const before = await t.h.ok('settings.get', {}, t.manager);
    const error = await refusedUnchanged('settings.update', { licence: 'Alvará 中文 n.º 7' }, t.manager);
    expect(error.code).toBe('TEXT_NOT_PRINTABLE');
    expect(error.message).toMatch(/^A licença \("Alvará 中文 n\.º 7"\) tem caracteres que a impressora guias/);
    expect(error.message).toContain("'中' (U+4E2D), '文' (U+6587)");
    expect(await t.h.ok('settings.get', {}, t.manager)).toEqual(before);
  });

  it('in English when the operator reads English', async () => {
    const r = await t.h.kiosk.dispatch('settings.update', { hallName: 'Bingo 😀' }, { operatorToken: t.manager, lang: 'en' });
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'TEXT_NOT_PRINTABLE',
        message:
          'The hall name ("Bingo 😀") has a character that printer guias (code page cp858) cannot print: \'😀\' (U+1F600). ' +
          'Nothing was changed: remove or replace it, or configure the printer with a code page that has it.',
        details: { field: 'hallName', subject: null, printerId: 'guias', codepage: 'cp858', chars: ['😀'] },
      },
    });
  });

  it('takes what every printer prints: accents, ç, º, ª and €; other settings alone are not checked', async () => {
    const after = await t.h.ok('settings.update', { hallName: 'Bingo São João, Praça 1.ª', licence: 'Alvará n.º 7/2019 (2,50 €)' }, t.manager);
    expect(after).toMatchObject({ hallName: 'Bingo São João, Praça 1.ª', licence: 'Alvará n.º 7/2019 (2,50 €)' });
    expect((await t.h.ok('settings.update', { licence: null, shiftHours: 8 }, t.manager)).licence).toBeNull();
  });

  it('a name saved before this check, sent again unchanged with another setting (the screen sends both), does not block that setting', async () => {
    t.h.kiosk.db.prepare(`UPDATE hall SET name = 'Bingo – Estrela'`).run();
    expect(await t.h.ok('settings.update', { hallName: 'Bingo – Estrela', shiftHours: 9 }, t.manager)).toMatchObject({ hallName: 'Bingo – Estrela', shiftHours: 9 });
    expect((await t.h.refused('settings.update', { hallName: 'Bingo — Estrela' }, t.manager)).code).toBe('TEXT_NOT_PRINTABLE');
  });
});

describe('users.create refuses an operator name a configured printer cannot print', () => {
  it('names the operator, and the operator is not created', async () => {
    const admin = await t.h.login('admin', '1111');
    const error = await refusedUnchanged('users.create', { username: 'ze', name: 'Zé “Caixa”', roles: ['cashier'], pin: '5555' }, admin);
    expect(error.code).toBe('TEXT_NOT_PRINTABLE');
    expect(error.message).toMatch(/^O nome do operador ze \("Zé “Caixa”"\) tem caracteres que a impressora guias \(página de código cp858\) não imprime: '“' \(U\+201C\), '”' \(U\+201D\)\./);
    expect((await t.h.ok('users.list', {}, t.manager)).map((o) => o.username)).not.toContain('ze');
  });

  it('users.update refuses the same name for an operator renamed, changing nothing', async () => {
    const admin = await t.h.login('admin', '1111');
    const id = (await t.h.ok('users.list', {}, t.manager)).find((o) => o.username === 'caixa1')!.id;
    const error = await refusedUnchanged('users.update', { operatorId: id, name: 'Zé “Caixa”' }, admin);
    expect(error.code).toBe('TEXT_NOT_PRINTABLE');
    expect(error.message).toMatch(/^O nome do operador caixa1 \("Zé “Caixa”"\) tem caracteres/);
  });
});
