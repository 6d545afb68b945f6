/**
 * session.export (issue 26): a manager exports a closed session in one call;
 * the ZIP is built off the main thread with progress, written to the data
 * folder's exports/ and sent back, and it verifies offline. Refused, changing
 * nothing: a session still open, one that does not exist, a cashier.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KioskEvent } from '../../../core/events.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { playedSession } from '../../../test/fixtures/played-session.js';
import { snapshot } from '../../../test/harness.js';
import { verifyExport } from '../../inspector/verify.js';

let t: TestHall;
beforeEach(async () => {
  t = await createTestHall();
});
afterEach(() => t.h.close());

describe('session.export', () => {
  it("writes a closed session's ZIP to exports/, sends the same bytes, shows progress, and the file verifies with the acta's key", async () => {
    const { h } = t;
    const sessionId = await playedSession(t, 'A');
    const acta = await h.ok('session.acta', { sessionId }, t.manager);
    expect(await h.ok('session.exports', {}, t.manager)).toEqual({
      sessions: [{ sessionId, openedAt: acta.openedAt, closedAt: acta.closedAt, entries: acta.checkpoint!.size, keyId: acta.hallKey!.keyId }],
    });
    const events: KioskEvent[] = [];
    h.kiosk.onEvent((e) => events.push(e));
    const made = await h.ok('session.export', { sessionId }, t.manager);
    expect(made.path).toBe(join(h.dataDir, 'exports', made.filename));
    expect(made.filename).toMatch(new RegExp(`^sessao-${sessionId}-[0-9a-f]{8}\\.zip$`));
    expect(existsSync(`${made.path}.part`)).toBe(false);
    const file = new Uint8Array(readFileSync(made.path));
    expect(Buffer.from(made.base64, 'base64').equals(file)).toBe(true);
    expect([made.bytes, made.entries]).toEqual([file.length, acta.checkpoint!.size]);
    expect(verifyExport(file, { key: acta.hallKey!.verifierKey })).toMatchObject({ ok: true, sessionId, documents: { sales: 4, guias: 4 } });
    const progress = events.filter((e) => e.type === 'progress' && e.task === 'export');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ done: acta.checkpoint!.size, total: acta.checkpoint!.size });
  }, 60_000);

  it('is refused, changing nothing, for a session still open, one that does not exist, and a cashier', async () => {
    const { h } = t;
    const open = await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
    const before = snapshot(h.kiosk);
    expect(await h.call('session.export', { sessionId: open.id }, t.manager)).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'EXPORT_SESSION_NOT_CLOSED', message: expect.stringContaining(`A sessão n.º ${open.id} ainda não foi encerrada`) }),
    });
    expect(await h.call('session.export', { sessionId: 99 }, t.manager)).toEqual({ ok: false, error: expect.objectContaining({ code: 'SESSION_NOT_FOUND', message: 'A sessão n.º 99 não existe.' }) });
    expect(await h.call('session.export', { sessionId: open.id }, t.cashier)).toEqual({ ok: false, error: expect.objectContaining({ code: 'FORBIDDEN' }) });
    expect(await h.ok('session.exports', {}, t.manager)).toEqual({ sessions: [] });
    expect(snapshot(h.kiosk)).toEqual(before);
    expect(existsSync(join(h.dataDir, 'exports'))).toBe(false);
  });

  it('20 exports of one session at once all succeed with the same bytes, leave no part file, and each writes its audit row', async () => {
    const { h } = t;
    const sessionId = await playedSession(t, 'A');
    const before = h.kiosk.db.prepare(`SELECT COALESCE(MAX(id), 0) FROM audit_log`).pluck().get() as number;
    const results = await Promise.all(Array.from({ length: 20 }, () => h.call('session.export', { sessionId }, t.manager)));
    expect(results.filter((r) => !r.ok)).toEqual([]);
    const made = results.map((r) => (r.ok ? r.value : null)!);
    const one = made[0]!;
    const file = readFileSync(one.path);
    for (const m of made) expect(Buffer.from(m.base64, 'base64').equals(file)).toBe(true);
    expect(readdirSync(join(h.dataDir, 'exports'))).toEqual([one.filename]);
    const sha256 = createHash('sha256').update(file).digest('hex');
    const rows = h.kiosk.db
      .prepare(`SELECT operator_id AS operatorId, terminal_id AS terminalId, channel, outcome, input, after, at FROM audit_log WHERE id > ? ORDER BY id`)
      .all(before) as { operatorId: number; terminalId: string; channel: string; outcome: string; input: string; after: string; at: string }[];
    expect(rows).toHaveLength(20);
    const manager = h.kiosk.db.prepare(`SELECT id FROM operators WHERE username = 'gerente'`).pluck().get();
    for (const row of rows) {
      expect({ ...row, input: JSON.parse(row.input) as unknown, after: JSON.parse(row.after) as unknown }).toEqual({
        operatorId: manager,
        terminalId: 'T1',
        channel: 'session.export',
        outcome: 'ok',
        input: { sessionId },
        after: { sessionId, filename: one.filename, bytes: file.length, entries: one.entries, sha256 },
        at: h.clock.now().toISOString(),
      });
    }
  }, 120_000);

  it('says so, naming the folder, when the ZIP cannot be written, and leaves no part of it', async () => {
    const { h } = t;
    const sessionId = await playedSession(t, 'A');
    // A file where the exports folder should be: the folder cannot be made.
    writeFileSync(join(h.dataDir, 'exports'), 'not a folder');
    const before = snapshot(h.kiosk);
    expect(await h.call('session.export', { sessionId }, t.manager)).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'EXPORT_NOT_WRITTEN',
        message: `A exportação da sessão n.º ${sessionId} não pôde ser gravada em ${join(h.dataDir, 'exports')} (EEXIST). Nada ficou gravado pela metade e nada mudou nos livros da sala: liberte espaço ou corrija a pasta e tente de novo.`,
      }),
    });
    expect(snapshot(h.kiosk)).toEqual(before);
    expect(readdirSync(h.dataDir).filter((f) => f.endsWith('.part'))).toEqual([]);
  }, 60_000);
});
