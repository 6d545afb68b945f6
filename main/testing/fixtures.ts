/**
 * A set-up hall for tests, fast: the hall of `createHall` (admin 1111,
 * gerente 2222, caixa1 3333) is built once per test file and copied into a
 * fresh temp folder for each test, so a test pays only for the logins it
 * needs (each PIN check is a deliberately slow scrypt).
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATABASE_FILE, type KioskOptions } from '../kiosk.js';
import { createHall, createHarness, type Harness } from './harness.js';

let template: Promise<string> | undefined;

function templateDir(): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const h = await createHarness({ dataDir: dir });
    await createHall(h);
    h.close();
    return dir;
  })();
  return template;
}

export interface TestHall {
  h: Harness;
  manager: string;
  cashier: string;
}

/** A copy of the set-up hall with the manager and the cashier logged in; `h.close()` removes it. */
export async function createTestHall(options: Partial<Omit<KioskOptions, 'dataDir'>> = {}): Promise<TestHall> {
  const src = await templateDir();
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-test-'));
  for (const f of [DATABASE_FILE, `${DATABASE_FILE}-wal`]) {
    if (existsSync(join(src, f))) copyFileSync(join(src, f), join(dataDir, f));
  }
  const h = await createHarness({ ...options, dataDir });
  const close = h.close;
  h.close = () => {
    close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { h, manager: await h.login('gerente', '2222'), cashier: await h.login('caixa1', '3333') };
}
