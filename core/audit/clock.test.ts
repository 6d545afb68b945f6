import { describe, expect, it } from 'vitest';
import { CLOCK_JUMP_LIMITS, clockJump, clockSyncOf, type ClockReadings } from './clock.js';

const none: ClockReadings = { timedatectl: null, timesyncdFlag: null, chronyTracking: null };

// `chronyc tracking` as chrony 4.3 prints it, synchronised and not.
const CHRONY_SYNCED = `Reference ID    : C0A80001 (192.168.0.1)
Stratum         : 3
Ref time (UTC)  : Mon Dec 07 03:20:11 2026
System time     : 0.000012345 seconds fast of NTP time
Last offset     : +0.000004211 seconds
Leap status     : Normal
`;
const CHRONY_UNSYNCED = `Reference ID    : 00000000 ()
Stratum         : 0
Ref time (UTC)  : Thu Jan 01 00:00:00 1970
Leap status     : Not synchronised
`;

describe('the clock synchronisation read from the system', () => {
  it("takes timedatectl's yes or no, whatever the other sources say", () => {
    expect(clockSyncOf({ ...none, timedatectl: 'yes\n' })).toEqual({ sync: 'synchronised', source: 'timedatectl' });
    expect(clockSyncOf({ timedatectl: 'no\n', timesyncdFlag: true, chronyTracking: CHRONY_SYNCED })).toEqual({ sync: 'unsynchronised', source: 'timedatectl' });
  });

  it("falls back to timesyncd's flag, and reads its absence as nothing", () => {
    expect(clockSyncOf({ ...none, timedatectl: '', timesyncdFlag: true })).toEqual({ sync: 'synchronised', source: 'timesyncd' });
    expect(clockSyncOf({ ...none, timesyncdFlag: false })).toEqual({ sync: 'unknown', source: null });
    expect(clockSyncOf({ ...none, timesyncdFlag: false, chronyTracking: CHRONY_UNSYNCED })).toEqual({ sync: 'unsynchronised', source: 'chrony' });
  });

  it("reads chrony's leap status", () => {
    expect(clockSyncOf({ ...none, chronyTracking: CHRONY_SYNCED })).toEqual({ sync: 'synchronised', source: 'chrony' });
    expect(clockSyncOf({ ...none, chronyTracking: CHRONY_UNSYNCED })).toEqual({ sync: 'unsynchronised', source: 'chrony' });
    expect(clockSyncOf({ ...none, chronyTracking: '506 Cannot talk to daemon\n' })).toEqual({ sync: 'unknown', source: null });
  });

  it('says unknown, never synchronised, when no source answers in words', () => {
    expect(clockSyncOf(none)).toEqual({ sync: 'unknown', source: null });
    expect(clockSyncOf({ ...none, timedatectl: 'System has not been booted with systemd' })).toEqual({ sync: 'unknown', source: null });
  });
});

describe('a jump of the clock', () => {
  const t0 = Date.parse('2026-12-07T20:00:00.000Z');
  const at = (wallOffsetMs: number, monoMs: number) => ({ wallMs: t0 + wallOffsetMs, monoMs });
  const prev = { wallMs: t0, monoMs: 5_000 };

  it('sees none while the wall clock moves as the monotonic one does, or within the limits', () => {
    expect(CLOCK_JUMP_LIMITS).toEqual({ backMs: 2_000, forwardMs: 60_000 });
    expect(clockJump(prev, at(10_000, 15_000))).toBeNull();
    // Exactly at each limit: still no jump.
    expect(clockJump(prev, at(10_000 - 2_000, 15_000))).toBeNull();
    expect(clockJump(prev, at(10_000 + 60_000, 15_000))).toBeNull();
    // The wall clock stood still while nothing elapsed (a test's fixed clock between two looks).
    expect(clockJump(prev, at(0, 5_000))).toBeNull();
  });

  it('sees a step back of more than 2 s, with what the clock should have read, what it read and the step', () => {
    expect(clockJump(prev, at(10_000 - 2_001, 15_000))).toEqual({ from: '2026-12-07T20:00:10.000Z', to: '2026-12-07T20:00:07.999Z', seconds: -2.001 });
    expect(clockJump(prev, at(10_000 - 2 * 3600_000, 15_000))).toEqual({ from: '2026-12-07T20:00:10.000Z', to: '2026-12-07T18:00:10.000Z', seconds: -7200 });
  });

  it('sees a step forward of more than a minute beyond the time elapsed', () => {
    expect(clockJump(prev, at(10_000 + 60_001, 15_000))).toEqual({ from: '2026-12-07T20:00:10.000Z', to: '2026-12-07T20:01:10.001Z', seconds: 60.001 });
  });

  it('counts the time elapsed by the monotonic clock to the millisecond', () => {
    expect(clockJump({ wallMs: t0, monoMs: 0.25 }, { wallMs: t0 - 3_000, monoMs: 1_000.5 })).toEqual({ from: '2026-12-07T20:00:01.000Z', to: '2026-12-07T19:59:57.000Z', seconds: -4 });
  });
});
