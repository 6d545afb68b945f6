/**
 * The folder table of ARCHITECTURE.md is enforced by lint: these probes would
 * be accepted if a rule were lost.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import rules of the folder table', () => {
  it.each([
    ['core/probe.ts', "import { stmt } from '../db/connection.js';\nexport const x = stmt;\n", 'core/ may not import db/**'],
    ['core/probe.ts', "import fs from 'node:fs';\nexport const x = fs;\n", 'core/ may not import node:*'],
    ['renderer/probe.ts', "import { openKiosk } from '../main/kiosk.js';\nexport const x = openKiosk;\n", 'renderer/ may not import main/**'],
    ['renderer/probe.ts', "import Database from 'better-sqlite3';\nexport const x = Database;\n", 'renderer/ may not import better-sqlite3'],
    ['db/probe.ts', "import { handlers } from '../main/services/index.js';\nexport const x = handlers;\n", 'db/ may not import main/**'],
    ['printing/probe.ts', "import { stmt } from '../db/connection.js';\nexport const x = stmt;\n", 'printing/ may not import db/**'],
    ['main/probe.ts', "import { App } from '../renderer/App.js';\nexport const x = App;\n", 'main/ may not import renderer/**'],
  ])('%s: %s is refused', async (file, code, message) => {
    const messages = await restricted(file, code);
    expect(messages.some((m) => m.includes(message))).toBe(true);
  });

  it('allows what the table allows', async () => {
    expect(await restricted('renderer/probe.ts', "import { formatCents } from '../core/money.js';\nexport const x = formatCents;\n")).toEqual([]);
    expect(await restricted('main/probe.ts', "import { stmt } from '../db/connection.js';\nexport const x = stmt;\n")).toEqual([]);
    expect(await restricted('db/probe.ts', "import { accounts } from '../core/ledger.js';\nexport const x = accounts;\n")).toEqual([]);
  });
});
