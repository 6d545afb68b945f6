/**
 * The kiosk backend as one object: database, services and the dispatcher.
 * Electron (main/electron) and browser mode (main/web) both wrap this.
 */
import { join } from 'node:path';
import type { CallMeta } from '../core/bridge.js';
import type { KioskEvent } from '../core/contract.js';
import type { Result } from '../core/errors.js';
import { createCheckpointer } from '../db/checkpointer.js';
import { openDatabase, type Db } from '../db/connection.js';
import { OperatorSessions } from './auth/sessions.js';
import { seedDemo } from './demo.js';
import { createDispatcher } from './rpc/dispatcher.js';
import { handlers } from './services/index.js';

export interface KioskOptions {
  /** Folder holding kiosk.sqlite and backups/. */
  dataDir: string;
  /** Seed the demo hall when the database is empty. */
  demo?: boolean;
  /** This selling point's id (drawer, ledger account). */
  terminalId?: string;
  /** Injected time source (tests move it). */
  now?: () => Date;
  /** Operator idle time before the screen locks. */
  idleMs?: number;
  logError?: (error: unknown, channel: string) => void;
}

export interface Kiosk {
  dispatch(channel: string, input: unknown, meta?: CallMeta): Promise<Result<unknown>>;
  onEvent(listener: (event: KioskEvent) => void): () => void;
  close(): void;
  readonly db: Db;
  readonly dataDir: string;
}

export const DATABASE_FILE = 'kiosk.sqlite';

export async function openKiosk(options: KioskOptions): Promise<Kiosk> {
  const db = openDatabase(join(options.dataDir, DATABASE_FILE));
  const checkpointer = createCheckpointer(db);
  const listeners = new Set<(event: KioskEvent) => void>();
  const dispatch = createDispatcher({
    db,
    handlers,
    sessions: new OperatorSessions(options.idleMs),
    terminalId: options.terminalId ?? 'T1',
    now: options.now ?? (() => new Date()),
    emit: (event) => {
      checkpointer.afterCommit();
      for (const l of listeners) l(event);
    },
    logError: options.logError ?? ((e, channel) => console.error(`[kiosk] ${channel} failed:`, e)),
  });
  const kiosk: Kiosk = {
    dispatch,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      checkpointer.flush();
      db.close();
    },
    db,
    dataDir: options.dataDir,
  };
  if (options.demo) await seedDemo(kiosk, options.now?.() ?? new Date());
  return kiosk;
}
