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
  /** An immediate shutdown: the server gone as a machine lost is, nothing flushed. */
  kill(): void;
  /** A streaming replica of this server (pg_basebackup -R), a server of its own on another port, started. */
  replica(): Promise<PrivatePostgres & { promote(): void }>;
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
  return serverOf(dir, data, await freePort(), as, superuser);
}

type Run = (cmd: string, args: string[]) => Buffer;

function serverOf(dir: string, data: string, port: number, as: Run, superuser: string): PrivatePostgres & { promote(): void } {
  const start = () => {
    as('pg_ctl', ['-D', data, '-w', '-t', '30', '-l', join(dir, `log-${port}`), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  };
  const stopWith = (mode: 'fast' | 'immediate') => () => {
    as('pg_ctl', ['-D', data, '-w', '-t', '30', '-m', mode, 'stop']);
  };
  start();
  const replicas: PrivatePostgres[] = [];
  return {
    url: `postgres://${superuser}@127.0.0.1:${port}/postgres`,
    start,
    stop: stopWith('fast'),
    kill: stopWith('immediate'),
    promote() {
      as('pg_ctl', ['-D', data, '-w', '-t', '30', 'promote']);
    },
    async replica() {
      // initdb's pg_hba already trusts replication from the loopback; its wal_level (replica) and senders serve.
      const copy = join(dir, `replica-${replicas.length + 1}`);
      as('pg_basebackup', ['-h', '127.0.0.1', '-p', String(port), '-U', superuser, '-D', copy, '-R', '-X', 'stream', '--no-sync', '--checkpoint=fast']);
      const r = serverOf(dir, copy, await freePort(), as, superuser);
      replicas.push(r);
      return r;
    },
    close() {
      for (const r of replicas) r.close();
      try {
        stopWith('fast')();
      } catch {
        // Already stopped.
      }
      if (data === join(dir, 'data')) rmSync(dir, { recursive: true, force: true });
    },
  };
}
