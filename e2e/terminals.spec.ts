/**
 * Configuração, Terminais on the hall server (npm run hall) in Chromium: an
 * admin enrols a terminal (the code, its expiry, the hall's fingerprint as
 * the ready output printed it, the counter's command), a counter redeems
 * the code and its row appears by itself (the redemption's event), then the
 * admin revokes it after a dialog that says what it does: the row says
 * revoked and the counter's next call is refused.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollAtHall, hallAgent, loadTerminalIdentity } from '../main/counter/enrol-client.js';
import { expectText, launchChromium, login, PROGRAM } from './support.js';

const TOKEN = `e2e-${Math.random().toString(36).slice(2)}`;
const root = mkdtempSync(join(tmpdir(), 'hall-e2e-'));
let child: ChildProcess;
let browser: Browser;
let appUrl: string;
let terminalsUrl: string;
let fingerprint: string;

beforeAll(async () => {
  child = spawn(
    process.execPath,
    [...PROGRAM, 'hall', '--data-dir', join(root, 'hall'), '--port', '0', '--terminals-port', '0', '--bind', '127.0.0.1', '--demo'],
    { env: { ...process.env, KIOSK_TOKEN: TOKEN }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`hall did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (c: Buffer) => {
      output += c.toString();
      const web = /ecrãs em (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(output);
      const terminals = /em (https:\/\/127\.0\.0\.1:\d+)/.exec(output);
      const fp = /Impressão digital do servidor: (sha256:[0-9a-f]{64})/.exec(output);
      if (web && terminals && fp) {
        clearTimeout(timer);
        [appUrl, terminalsUrl, fingerprint] = [web[1]!, terminals[1]!, fp[1]!];
        ok();
      }
    });
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => fail(new Error(`hall exited (${code}):\n${output}`)));
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(root, { recursive: true, force: true });
});

function statusAt(dataDir: string): Promise<{ status: number; code?: string }> {
  const agent = hallAgent(loadTerminalIdentity(dataDir)!);
  const u = new URL(terminalsUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: '/rpc/setup.status', method: 'POST', agent, headers: { 'Content-Type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        agent.destroy();
        const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: { code: string } };
        resolve({ status: res.statusCode!, ...(json.error ? { code: json.error.code } : {}) });
      });
    });
    req.on('error', reject);
    req.end('{}');
  });
}

describe('Configuração, Terminais', () => {
  it('enrols a terminal by its code, shows it once redeemed, and revokes it after saying what that does', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
    await page.goto(appUrl);
    await login(page, 'admin', '1111');
    await page.getByTestId('settings-tab').click();
    await page.getByTestId('settings-sub-terminals').click();
    await page.getByTestId('terminals-panel').waitFor();
    await expectText(page, 'terminals-panel', 'Nenhum terminal inscrito');

    await page.getByTestId('terminal-name').fill('T1');
    await page.getByTestId('terminal-enrol').click();
    await expectText(page, 'terminal-enrol-error', 'T1 é o terminal do próprio servidor da sala');
    await page.getByTestId('terminal-name').fill('BALCAO2');
    await page.getByTestId('terminal-enrol').click();
    await page.getByTestId('terminal-code-box').waitFor();
    const code = (await page.getByTestId('terminal-code').innerText()).trim();
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(await page.getByTestId('terminal-hall-fingerprint').innerText()).toBe(fingerprint);
    // The command copied as shown: the terminals port's real address, no placeholder; its --hall is the one the counter uses.
    const shown = (await page.getByTestId('terminal-command').innerText()).trim();
    expect(shown).toBe(`npm run counter -- --hall ${terminalsUrl} --fingerprint ${fingerprint} --enroll ${code} --data-dir .kiosk-counter-BALCAO2 --port 5174`);
    await expectText(page, 'terminal-code-expiry', '(10 minutos)');

    const counter = join(root, 'counter');
    const enrolled = await enrollAtHall({ hallUrl: /--hall (\S+)/.exec(shown)![1]!, fingerprint, code, dataDir: counter });
    expect(await statusAt(counter)).toEqual({ status: 200 });
    // No reload: the redemption's event brings the row, and the code gives way to the confirmation the counter showed.
    await page.getByTestId('terminal-row-BALCAO2').waitFor();
    await expectText(page, 'terminal-row-BALCAO2', 'Ativo');
    await expectText(page, 'terminal-enrolled', `o mesmo código de confirmação, ${enrolled.confirmation}.`);
    await expectText(page, 'terminal-confirmation-BALCAO2', enrolled.confirmation);
    expect(await page.getByTestId('terminal-code-box').count()).toBe(0);

    await page.getByTestId('terminal-revoke-BALCAO2').click();
    await expectText(page, 'terminal-revoke-explain', 'as suas ligações são cortadas agora e a próxima operação é recusada');
    await page.getByTestId('terminal-revoke-confirm').click();
    await expectText(page, 'terminal-revoked', 'Terminal BALCAO2 revogado');
    await expectText(page, 'terminal-row-BALCAO2', 'Revogado em');
    expect(await page.getByTestId('terminal-revoke-BALCAO2').count()).toBe(0);
    expect(await statusAt(counter)).toEqual({ status: 401, code: 'TERMINAL_REVOKED' });
    expect(await page.getByTestId('terminal-code-box').count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
