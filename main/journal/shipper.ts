/**
 * The journal's one shipper (issue 37): beside a running kiosk (`npm run hall`
 * and `npm run web` with --journal-url) and for `journal:ship --follow`, a
 * worker thread (ship-worker.ts) follows the
 * hall's file and ships to the group's PostgreSQL; its state is kept here for
 * system.health. A sale never waits on it: the worker has its own
 * connections, and the main thread only receives a small message per change.
 */
import { Worker } from 'node:worker_threads';
import type { JournalState } from '../../core/audit/contract.js';
import { startingState } from './state.js';
import { workerEntry } from '../workers/entry.js';
import type { ShipperMessage } from './ship-worker.js';
import type { CosignatureRow } from '../../db/group/witness.js';
import { openReader } from '../../db/connection.js';
import { openCosignatureKeeper } from '../../db/journal.js';
import { keepCosignatures } from '../services/shared/signing/cosignatures.js';
import { connectGroup, SHIPPER_DEADLINES } from './pool.js';
import { shipHall } from './ship.js';

/** How long stopping waits for the worker to end its batch and close its connections. */
const STOP_WAIT_MS = 5_000;

export interface Shipper {
  state(): JournalState;
  stop(): Promise<void>;
}

export function shipperWorkerUrl(moduleUrl: string = import.meta.url): URL {
  const ext = /\.[cm]?ts$/.test(new URL(moduleUrl).pathname) ? '.ts' : '.js';
  return new URL(`./ship-worker${ext}`, moduleUrl);
}

export function startShipper(o: {
  file: string;
  url: string;
  idleMs?: number;
  /** Entries per PostgreSQL transaction (journal:ship --batch). */
  batch?: number;
  /** How long the group may stay silent before the state says so (state.ts SILENCE_MS; tests shorten it). */
  silenceMs?: number;
  onState?(s: JournalState): void;
  onFailed?(message: string): void;
  /** The group's cosignatures of the hall's checkpoints, for the kiosk to keep (Kiosk.keepCosignatures). */
  onCosignatures?(rows: CosignatureRow[]): void;
}): Shipper {
  const { entry, execArgv } = workerEntry(shipperWorkerUrl());
  const w = new Worker(entry, { workerData: { file: o.file, url: o.url, idleMs: o.idleMs, batch: o.batch, silenceMs: o.silenceMs }, ...(execArgv ? { execArgv } : {}) });
  w.unref();
  let state: JournalState = startingState();
  let exited = false;
  const ended = new Promise<void>((done) => w.once('exit', () => ((exited = true), done())));
  w.on('message', (m: ShipperMessage) => {
    if (m.kind === 'state') {
      state = m.state;
      o.onState?.(state);
    } else if (m.kind === 'cosignatures') o.onCosignatures?.(m.rows);
    else o.onFailed?.(m.message);
  });
  w.on('error', (e) => o.onFailed?.(e.message));
  return {
    state: () => state,
    async stop() {
      if (exited) return;
      w.postMessage('stop');
      const late = setTimeout(() => void w.terminate(), STOP_WAIT_MS);
      await ended;
      clearTimeout(late);
    },
  };
}

export interface ShipOnceResult {
  shipped: number;
  head: number;
  behind?: true;
  /** The hall's checkpoints shipped by this pass. */
  checkpoints: number;
  /** The group's cosignatures brought back and kept in the hall's file (those that check). */
  cosignatures: number;
}

/**
 * `journal:ship` once: the same pass as the kiosk's shipper (ship.ts shipHall, with its deadlines): the entries,
 * then the checkpoints whose entries are in, then the group's cosignatures, kept in the hall's file as the kiosk
 * keeps them (main/services/shared/signing/cosignatures.ts).
 */
export async function shipOnce(o: { file: string; url: string; batch?: number; now?: () => Date }): Promise<ShipOnceResult> {
  // Read-only, beside a kiosk that may be selling: the journal is read, never written, here.
  const db = openReader(o.file);
  try {
    const group = await connectGroup(o.url, { deadlines: SHIPPER_DEADLINES });
    try {
      const r = await shipHall(db, group.pool, { ...(o.batch !== undefined ? { batch: o.batch } : {}) });
      let kept = 0;
      if (r.cosignatures) {
        const keeper = cosignatureKeeper(o.file);
        try {
          kept = keeper.keep(r.cosignatures, o.now?.() ?? new Date());
        } finally {
          keeper.close();
        }
      }
      return { shipped: r.shipped, head: r.head, ...(r.behind ? { behind: true as const } : {}), checkpoints: r.checkpoints ?? 0, cosignatures: kept };
    } finally {
      await group.close();
    }
  } finally {
    db.close();
  }
}

/**
 * The group's cosignatures kept in a hall's file beside its kiosk (the command line's shipper, which has no kiosk
 * open): through the kiosk's own way of keeping them.
 */
export function cosignatureKeeper(file: string): { keep(rows: readonly CosignatureRow[], at: Date): number; close(): void } {
  const db = openCosignatureKeeper(file);
  return { keep: (rows, at) => keepCosignatures(db, rows, at.toISOString()), close: () => db.close() };
}
