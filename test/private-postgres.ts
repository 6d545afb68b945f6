/**
 * A PostgreSQL server of a test's own (the machine's binaries, a cluster in a
 * temporary folder, a free loopback port), which the test may stop and start
 * again: the machine's shared server is never stopped. initdb refuses to run
 * as root, so as root the cluster belongs to the `postgres` user. Null where
 * the binaries or that user are missing (the test then says it is skipped).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';

export interface PrivatePostgres {
  url: string;
  start(): void;
  /** A fast shutdown: every connection is ended, as a server going down for maintenance does. */
  stop(): void;
  close(): void;
}

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const version = readdirSync(root).sort().at(-1);
  return version && existsSync(join(root, version, 'bin', 'initdb')) ? join(root, version, 'bin') : null;
}

function postgresUser(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { stdio: 'pipe' }).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { stdio: 'pipe' }).toString().trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}

export async function privatePostgres(): Promise<PrivatePostgres | null> {
  const bin = binDir();
  if (!bin) return null;
  const root = userInfo().uid === 0;
  const owner = root ? postgresUser() : null;
  if (root && !owner) return null;
  const dir = mkdtempSync(join(tmpdir(), 'private-pg-'));
  const data = join(dir, 'data');
  if (owner) {
    chownSync(dir, owner.uid, owner.gid);
    chmodSync(dir, 0o700);
  }
  const as = (cmd: string, args: string[]) =>
    owner ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' }) : execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
  const superuser = userInfo().username;
  as('initdb', ['-D', data, '-A', 'trust', '-U', superuser, '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const start = () => {
    as('pg_ctl', ['-D', data, '-w', '-t', '30', '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  };
  const stop = () => {
    as('pg_ctl', ['-D', data, '-w', '-t', '30', '-m', 'fast', 'stop']);
  };
  start();
  return {
    url: `postgres://${superuser}@127.0.0.1:${port}/postgres`,
    start,
    stop,
    close() {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
