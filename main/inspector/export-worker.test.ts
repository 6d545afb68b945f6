/**
 * The export's worker writes its ZIP under a part name of its own, then
 * renames it (issue 37): one session exported by several workers at once
 * (each call its own worker, no coalescing here) all succeed, one whole ZIP
 * is left, and no part file of theirs. With one fixed `.part` name, one
 * worker's rename took the file another was renaming (ENOENT), and anything
 * under that name stopped every export.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../kiosk.js';
import { createTestHall, type TestHall } from '../../test/fixtures/faces.js';
import { playedSession } from '../../test/fixtures/played-session.js';
import { exportSessionInWorker } from './in-worker.js';

let t: TestHall;
beforeEach(async () => {
  t = await createTestHall();
});
afterEach(() => t.h.close());

describe('the export worker', () => {
  it('writes one session from 10 workers at once: every one succeeds, one whole file, no part of theirs left, whatever lies under another part name', async () => {
    const sessionId = await playedSession(t, 'A');
    const folder = join(t.h.dataDir, 'exports');
    const request = { file: join(t.h.dataDir, DATABASE_FILE), sessionId, folder, now: t.h.clock.now().toISOString() };
    const first = await exportSessionInWorker(request);
    // Another writer's part file under the name every export once shared (a folder here, so that it cannot be taken over).
    mkdirSync(`${first.path}.part`);
    const settled = await Promise.allSettled(Array.from({ length: 10 }, () => exportSessionInWorker(request)));
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    const made = settled.map((s) => (s.status === 'fulfilled' ? s.value : null)!);
    const one = made[0]!;
    expect(new Set(made.map((m) => m.path))).toEqual(new Set([join(folder, one.filename)]));
    // The file left is one worker's whole ZIP (two builds need not give the same bytes: the last rename's).
    const file = readFileSync(one.path);
    expect(made.some((m) => Buffer.from(m.zip).equals(file))).toBe(true);
    expect(readdirSync(folder).sort()).toEqual([one.filename, `${one.filename}.part`]);
  }, 120_000);
});
