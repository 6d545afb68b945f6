/**
 * The hall's programs as processes for the network tests: started from the
 * sources (in a network namespace when named), their output kept, waited on
 * until it says what the test needs, or until they exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { PROGRAM, testScript } from '../program.js';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export interface Proc {
  child: ChildProcess;
  output: () => string;
}

/**
 * `tsx ARGS` from the project's folder (the program's command line `main/cli.ts ...` as test/program.ts starts it),
 * inside namespace `ns` when given; KIOSK_TOKEN is the browser mode's token.
 */
export function start(args: string[], token: string, ns?: string): Proc {
  const cmd = ns ? 'ip' : process.execPath;
  const node = args[0] === 'main/cli.ts' ? [...PROGRAM, ...args.slice(1)] : [...testScript(args[0]!), ...args.slice(1)];
  const full = ns ? ['netns', 'exec', ns, process.execPath, ...node] : node;
  const child = spawn(cmd, full, { cwd: ROOT, env: { ...process.env, KIOSK_TOKEN: token }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  return { child, output: () => out };
}

/** What `find` reads in the process's output, once it is there; a process that exits first, or a deadline passed, fails with its output. */
export async function waitFor<T>(what: string, p: Proc, find: (out: string) => T | null | undefined, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find(p.output());
    if (found) return found;
    if (p.child.exitCode !== null) throw new Error(`${what} exited (${p.child.exitCode}):\n${p.output()}`);
    if (Date.now() > until) throw new Error(`${what}: not ready in ${ms} ms:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const exited = (p: Proc): Promise<void> =>
  p.child.exitCode !== null || p.child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => p.child.once('exit', () => r()));

/** A call to a post's browser-mode port (`url`, its KIOSK_TOKEN `token`) that must be answered ok: its value (read loosely, as tests do). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function must(url: string, token: string, channel: string, input: unknown, operatorToken?: string): Promise<any> {
  const res = await fetch(`${url}/rpc/${channel}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(operatorToken ? { 'X-Operator-Token': operatorToken } : {}) },
    body: JSON.stringify(input),
  });
  const r = (await res.json()) as { ok: boolean; value?: unknown; error?: { code: string; message: string } };
  if (!r.ok) throw new Error(`${channel}: ${r.error?.code} ${r.error?.message}`);
  return r.value;
}
