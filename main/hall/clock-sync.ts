/**
 * The hall server's clock as its system keeps it (issue 40, point 6): asked
 * every minute, each source in turn until one answers in words (timedatectl,
 * systemd-timesyncd's flag file, `chronyc tracking`), read by
 * core/audit/clock.ts; unknown where none answers (Windows, a container with
 * no systemd), never synchronised. The kiosk answers system.clock and the
 * health endpoint from the last answer; the screens are told when it changes.
 */
import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { CLOCK_SYNC_UNKNOWN, clockSyncOf, type ClockReadings, type ClockSyncState } from '../../core/audit/clock.js';

/** systemd-timesyncd makes this file once it has synchronised the clock (and removes it at its stop). */
const TIMESYNCD_FLAG = '/run/systemd/timesync/synchronized';
/** A source that does not answer in this is none (timedatectl waits for D-Bus). */
const ASK_TIMEOUT_MS = 3_000;
/** How often the system is asked. */
export const CLOCK_ASK_MS = 60_000;

/** A program's output, or null when it is not there, failed or took too long. */
function outputOf(file: string, args: readonly string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: ASK_TIMEOUT_MS, windowsHide: true, env: { ...process.env, LC_ALL: 'C' } }, (error, stdout) => resolve(error ? null : stdout));
  });
}

/** Whether the file exists; null when it could not be looked at (a refusal, not an absence). */
async function exists(file: string): Promise<boolean | null> {
  try {
    await access(file);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === 'ENOENT' ? false : null;
  }
}

/** What the system says of its clock, asking the next source only while none has answered in words. */
export async function readClockReadings(): Promise<ClockReadings> {
  const r: ClockReadings = { timedatectl: null, timesyncdFlag: null, chronyTracking: null };
  r.timedatectl = await outputOf('timedatectl', ['show', '-p', 'NTPSynchronized', '--value']);
  if (clockSyncOf(r).sync !== 'unknown') return r;
  r.timesyncdFlag = await exists(TIMESYNCD_FLAG);
  if (clockSyncOf(r).sync !== 'unknown') return r;
  r.chronyTracking = await outputOf('chronyc', ['tracking']);
  return r;
}

/** The clock's state now, as the system says it (the health endpoint may ask it directly). */
export async function readClockSync(now: () => Date = () => new Date(), read: () => Promise<ClockReadings> = readClockReadings): Promise<ClockSyncState> {
  const readings = await read().catch(() => ({ timedatectl: null, timesyncdFlag: null, chronyTracking: null }));
  return { ...clockSyncOf(readings), checkedAt: now().toISOString() };
}

export interface ClockSyncWatch {
  /** The last answer (unknown until the first). */
  state(): ClockSyncState;
  /** The first answer in. */
  ready: Promise<void>;
  stop(): void;
}

/** The system asked now and every `everyMs`; `changed` when the answer differs from the one before (not its time). */
export function watchClockSync(o: { everyMs?: number; changed?: (state: ClockSyncState) => void; read?: () => Promise<ClockReadings>; now?: () => Date } = {}): ClockSyncWatch {
  let state: ClockSyncState = CLOCK_SYNC_UNKNOWN;
  let stopped = false;
  const ask = async () => {
    const next = await readClockSync(o.now, o.read);
    if (stopped) return;
    const differs = next.sync !== state.sync || next.source !== state.source;
    state = next;
    try {
      if (differs) o.changed?.(next);
    } catch {
      // Telling the screens failed (the kiosk closing): the state stands, they read it at their next query.
    }
  };
  const ready = ask();
  const timer = setInterval(() => void ask(), o.everyMs ?? CLOCK_ASK_MS);
  timer.unref();
  return {
    state: () => state,
    ready,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
