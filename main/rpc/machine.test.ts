/**
 * The dispatcher's machine commands (issue 39, point 3): what the hall's
 * terminals port writes (a redemption, a terminal's last call, a counter's
 * print claims and reports) goes through them, its input parsed, in one
 * transaction, an audit row only where the command names one. A refusal is
 * a KioskError and writes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KioskError } from '../../core/errors.js';
import { auditHead } from '../../db/audit.js';
import { createHall, createHarness, snapshot, type Harness } from '../../test/harness.js';
import type { MachineDispatch } from '../services/shared/context.js';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
  await createHall(h);
});
afterEach(() => h.close());

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof KioskError) return e.code;
    throw e;
  }
  throw new Error('not refused');
}

describe('machine commands', () => {
  it('refuses a channel that is none, and an input its schema refuses, writing nothing', async () => {
    const before = snapshot(h.kiosk);
    const machine = h.kiosk.machine as unknown as (c: string, i: unknown, o: { terminalId: string }) => Promise<unknown>;
    expect(await refusal(machine('sale.create', {}, { terminalId: 'C2' }))).toBe('UNKNOWN_CHANNEL');
    expect(await refusal(h.kiosk.machine('print.claim', { limit: 0 }, { terminalId: 'C2' }))).toBe('VALIDATION_FAILED');
    expect(await refusal(h.kiosk.machine('print.report', { reports: [] }, { terminalId: 'C2' }))).toBe('VALIDATION_FAILED');
    expect(await refusal((h.kiosk.machine as MachineDispatch)('terminal.redeem', { code: 'x', name: 'C2' } as never, { terminalId: 'C2' }))).toBe('VALIDATION_FAILED');
    expect(snapshot(h.kiosk)).toEqual(before);
  });

  it('a print claim is no act of the books: answered with no audit row', async () => {
    const head = auditHead(h.kiosk.db);
    expect(await h.kiosk.machine('print.claim', {}, { terminalId: 'C2' })).toEqual({ hasPrinters: false, printer: null, jobs: [], nextDueInMs: null });
    expect(auditHead(h.kiosk.db)).toEqual(head);
  });

  it('a redemption refused inside its transaction writes nothing, its audit row included', async () => {
    const before = snapshot(h.kiosk);
    const input = { code: 'ABCD-EFGH-JKLM', name: 'C2', certificate: { fingerprint: 'sha256:00', serial: '01' } };
    expect(await refusal(h.kiosk.machine('terminal.redeem', input, { terminalId: 'C2' }))).toBe('ENROLMENT_CODE_UNKNOWN');
    expect(snapshot(h.kiosk)).toEqual(before);
  });
});
