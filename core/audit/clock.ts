/**
 * The hall server's clock (issue 40, point 6): whether the system keeps it
 * synchronised (NTP), from what the system says of it, and a jump of it seen
 * against the monotonic clock. Pure: main/hall/clock-sync.ts reads the
 * system, the kiosk (main/kiosk.ts) ticks; both hand their readings here.
 */

/** Synchronised, not synchronised, or unknown: no source answered (never read as synchronised). */
export const CLOCK_SYNC_STATES = ['synchronised', 'unsynchronised', 'unknown'] as const;
export type ClockSync = (typeof CLOCK_SYNC_STATES)[number];
/** Which of the system's sources answered. */
export const CLOCK_SYNC_SOURCES = ['timedatectl', 'timesyncd', 'chrony'] as const;
export type ClockSyncSource = (typeof CLOCK_SYNC_SOURCES)[number];

export interface ClockSyncState {
  sync: ClockSync;
  source: ClockSyncSource | null;
  /** When the system was last asked (null: never, e.g. a post that does not ask). */
  checkedAt: string | null;
}

/** A post that does not ask its system (a test's kiosk, a system with no source): unknown. */
export const CLOCK_SYNC_UNKNOWN: ClockSyncState = { sync: 'unknown', source: null, checkedAt: null };

/** What the system said, each null where its source could not be read (not installed, no systemd, refused). */
export interface ClockReadings {
  /** `timedatectl show -p NTPSynchronized --value`: "yes" or "no" (the kernel's own flag, whichever daemon sets it). */
  timedatectl: string | null;
  /** Whether /run/systemd/timesync/synchronized exists (systemd-timesyncd makes it once synchronised). */
  timesyncdFlag: boolean | null;
  /** `chronyc tracking`'s text: its "Leap status" line says whether chronyd is synchronised. */
  chronyTracking: string | null;
}

/**
 * The clock's state from the readings, the first source that answers in words deciding: timedatectl's yes or
 * no; timesyncd's flag when present (its absence says nothing: another daemon may keep the time); chrony's leap
 * status. None: unknown.
 */
export function clockSyncOf(r: ClockReadings): { sync: ClockSync; source: ClockSyncSource | null } {
  const said = r.timedatectl?.trim().toLowerCase();
  if (said === 'yes') return { sync: 'synchronised', source: 'timedatectl' };
  if (said === 'no') return { sync: 'unsynchronised', source: 'timedatectl' };
  if (r.timesyncdFlag === true) return { sync: 'synchronised', source: 'timesyncd' };
  const leap = r.chronyTracking ? /^\s*Leap status\s*:\s*(.+?)\s*$/im.exec(r.chronyTracking)?.[1]?.toLowerCase() : undefined;
  if (leap === 'not synchronised') return { sync: 'unsynchronised', source: 'chrony' };
  if (leap === 'normal' || leap === 'insert second' || leap === 'delete second') return { sync: 'synchronised', source: 'chrony' };
  return { sync: 'unknown', source: null };
}

/** One look at both clocks: the wall clock (Date, ms since the epoch) and the monotonic one (ms, any origin). */
export interface ClockMark {
  wallMs: number;
  monoMs: number;
}

/**
 * How far the wall clock may move from the monotonic one between two looks before it "jumped". Back: more than
 * 2 s, for times written after it would come before times already in the books. Forward: more than a minute, for
 * a forward step only leaves a gap (NTP setting a slow clock right at boot is a few seconds).
 */
export const CLOCK_JUMP_LIMITS = { backMs: 2_000, forwardMs: 60_000 } as const;

/** A jump: what the wall clock should have read (the last look plus the time elapsed), what it read, and the step in seconds. */
export interface ClockJump {
  from: string;
  to: string;
  seconds: number;
}

/** The jump between two looks, or null when the wall clock moved as the monotonic one did (within the limits). */
export function clockJump(prev: ClockMark, next: ClockMark, limits: { backMs: number; forwardMs: number } = CLOCK_JUMP_LIMITS): ClockJump | null {
  const expected = Math.round(prev.wallMs + (next.monoMs - prev.monoMs));
  const stepMs = next.wallMs - expected;
  if (stepMs >= -limits.backMs && stepMs <= limits.forwardMs) return null;
  return { from: new Date(expected).toISOString(), to: new Date(next.wallMs).toISOString(), seconds: stepMs / 1000 };
}
