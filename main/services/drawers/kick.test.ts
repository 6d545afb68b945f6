/** Opening the drawer without a sale: its own permission, logged, and on paper. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeEscPos } from '../../../tools/printer-emulator/decode.js';
import { softwareLabel } from '../../version.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { snapshot } from '../../../test/harness.js';

let t: TestHall;
let sent: Uint8Array[];
beforeEach(async () => {
  sent = [];
  t = await createTestHall({ printerTransport: () => ({ send: async (bytes) => void sent.push(bytes) }) });
});
afterEach(() => t.h.close());

const receiptsPrinter = () =>
  t.h.ok('printer.configure', { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9100, codepage: 'cp858', widthMm: 80, drawerPin: 2 }, t.manager);
const APPROVAL = { username: 'gerente', pin: '2222' };

describe('drawer.kick', () => {
  it('a cashier needs a manager\'s approval; without one nothing happens', async () => {
    await receiptsPrinter();
    const before = snapshot(t.h.kiosk);
    expect(await t.h.refused('drawer.kick', { reason: 'Troco para uma nota de 50 €' }, t.cashier)).toEqual({
      code: 'DRAWER_KICK_NEEDS_APPROVAL',
      message: 'Abrir a gaveta sem venda exige a autorização de um gerente (utilizador e PIN).',
    });
    expect(snapshot(t.h.kiosk)).toEqual(before);
  });

  it('with the approval: the slip opens the drawer once and says who, why and who allowed it; the audit log has it', async () => {
    await receiptsPrinter();
    const r = await t.h.ok('drawer.kick', { reason: 'Troco para uma nota de 50 €', approval: APPROVAL }, t.cashier);
    expect(r).toMatchObject({ approvedBy: 'gerente', at: '2026-11-30T20:00:00.000Z' });
    // The queue prints after the commit, on a later turn of the loop.
    for (let i = 0; i < 100 && sent.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await t.h.kiosk.printQueue.idle();
    expect(sent).toHaveLength(1);
    const slip = decodeEscPos(sent[0]!);
    expect(slip.drawerPulses).toEqual([{ pin: 2, onMs: 100, offMs: 500 }]);
    expect(slip.lines.map((l) => l.trim().replace(/ {2,}/g, ' | '))).toEqual([
      'Sala de Teste',
      '------------------------------------------------',
      'ABERTURA DA GAVETA SEM VENDA',
      'Terminal | T1',
      'Data | 30/11/2026 20:00',
      'Operador | Caixa Um',
      'Autorizado por | Gerente',
      'Motivo: Troco para uma nota de 50 €',
      '',
      // The program that printed it, with its version (issue 40).
      `Programa: ${softwareLabel()}`,
    ]);
    const audit = t.h.kiosk.db.prepare(`SELECT channel, outcome, after FROM audit_log ORDER BY id DESC LIMIT 1`).get() as { channel: string; outcome: string; after: string };
    expect(audit).toMatchObject({ channel: 'drawer.kick', outcome: 'ok' });
    expect(JSON.parse(audit.after)).toMatchObject({ approvedBy: 'gerente', reason: 'Troco para uma nota de 50 €' });
  });

  it('a manager opens it directly', async () => {
    await receiptsPrinter();
    expect(await t.h.ok('drawer.kick', { reason: 'Contagem a meio do turno' }, t.manager)).toMatchObject({ approvedBy: null });
  });

  it('is refused with no receipts printer (nothing could open it), and with no open drawer', async () => {
    expect((await t.h.refused('drawer.kick', { reason: 'Troco' }, t.manager)).code).toBe('DRAWER_KICK_NO_PRINTER');
    await receiptsPrinter();
    await t.h.ok('drawer.close', { countedByDenomination: { '2000': 5 } }, t.cashier);
    expect((await t.h.refused('drawer.kick', { reason: 'Troco' }, t.manager)).code).toBe('DRAWER_NOT_OPEN');
  });
});
