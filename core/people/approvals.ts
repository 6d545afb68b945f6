/**
 * The managers' alert of wrong approval PINs (issue 12): wrong manager PINs
 * typed at a terminal pause its approvals (main/services/shared/credentials.ts);
 * managers and admins see it on every screen while the pause lasts and after,
 * until one of them marks it seen. Like a drawer, the alert is the caller's
 * terminal's: no channel names a terminal. core/contract.ts merges this slice.
 */
import { z } from 'zod';
import { channel, empty, isoTime, MANAGERS } from '../schema.js';

const approvalAlertSchema = z.object({
  terminalId: z.string(),
  /** Wrong manager PINs since the alert began: the run that paused approvals, and any after it. */
  failures: z.number().int(),
  /** The end of the latest pause; in the past once it is over (the alert stays until seen). */
  pausedUntil: isoTime,
  lastFailureAt: isoTime,
});

export const approvalsContract = {
  'approvals.alert': channel({
    summary: "This terminal's approvals paused by wrong manager PINs: how many, until when, the last one's time (null when there is nothing to see).",
    kind: 'query',
    topics: ['approvals'],
    roles: MANAGERS,
    input: empty,
    output: approvalAlertSchema.nullable(),
  }),
  'approvals.acknowledge': channel({
    summary: 'A manager has seen the alert of wrong approval PINs (the one whose last failure is given): it goes from every screen; a pause still running is not lifted.',
    kind: 'command',
    topics: ['approvals'],
    roles: MANAGERS,
    // The alert seen: a newer wrong PIN in the meantime is not acknowledged unseen.
    input: z.object({ lastFailureAt: isoTime }).strict(),
    output: z.object({ acknowledged: z.boolean() }),
  }),
} as const;

export type ApprovalAlert = z.output<typeof approvalAlertSchema>;
