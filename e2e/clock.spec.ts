/**
 * The hall server's clock in Chromium (issue 40, point 6): a hall server
 * whose system says its clock is not synchronised (a `timedatectl` that
 * answers "no", first on the program's PATH, as systemd's answers on a hall
 * server without NTP) says so on the managers' screens, in pt-PT and in
 * English; a cashier's screen does not, and system.clock answers the state.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, launchChromium, openAs, startHall, switchLanguage, type RunningHall } from './support.js';

let hall: RunningHall;
let browser: Browser;
const bin = mkdtempSync(join(tmpdir(), 'clock-bin-'));
const path = process.env.PATH;

beforeAll(async () => {
  // systemd's answer on a server whose clock NTP does not keep (`timedatectl show -p NTPSynchronized --value`).
  writeFileSync(join(bin, 'timedatectl'), '#!/bin/sh\necho no\n');
  chmodSync(join(bin, 'timedatectl'), 0o755);
  process.env.PATH = `${bin}${delimiter}${path ?? ''}`;
  try {
    hall = await startHall();
  } finally {
    process.env.PATH = path;
  }
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await hall?.stop();
  rmSync(bin, { recursive: true, force: true });
});

describe("the hall server's clock not synchronised", () => {
  it("is said on a manager's screens, not on a cashier's", async () => {
    const manager = await openAs(browser, hall, 'gerente', '2222', { viewport: { width: 1366, height: 768 } });
    await expectText(manager, 'clock-unsynchronised', 'Relógio do servidor não sincronizado (NTP)');
    await switchLanguage(manager, 'en');
    await expectText(manager, 'clock-unsynchronised', 'Server clock not synchronised (NTP)');
    const token = (await hall.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
    expect((await hall.call('system.clock', {}, token)).value).toMatchObject({ sync: 'unsynchronised', source: 'timedatectl', checkedAt: expect.any(String) });
    const cashier = await openAs(browser, hall, 'caixa1', '3333', { viewport: { width: 1366, height: 768 } });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await cashier.getByTestId('clock-unsynchronised').count()).toBe(0);
  });
});
