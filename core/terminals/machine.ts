/**
 * The hall's machine channels (issue 39, point 3): what an enrolled counter
 * (or one enrolling) asks of the hall at its terminals port that is no
 * operator's call — a one-time code redeemed for a certificate, the
 * terminal's last call noted, its own printers' jobs claimed and reported on.
 * Not channels of the contract (no screen calls them, GET /rpc lists none):
 * each goes through the kiosk's dispatcher as a machine command (its input
 * parsed with these schemas, one transaction, an audit row where it is an
 * act of the hall's books: a redemption). The kiosk's own acts of no
 * operator go the same way: a jump of its clock, recorded in the books.
 */
import { z } from 'zod';
import { isoTime } from '../schema.js';

/** A batch's reports: at most the jobs one claim hands out and room to spare. */
const MAX_PRINT_REPORTS = 256;

const jobError = z
  .object({
    message: z.string().min(1).max(500),
    code: z.string().min(1).max(64).nullable(),
    params: z.record(z.string().max(64), z.union([z.string().max(500), z.number()])).nullable(),
  })
  .strict();

export const machineContract = {
  /** A one-time code and the certificate issued for it (before the transaction: a signature is slow). */
  'terminal.redeem': z
    .object({
      code: z.string().max(64),
      name: z.string().min(1).max(64),
      certificate: z.object({ fingerprint: z.string().min(1).max(200), serial: z.string().min(1).max(200) }).strict(),
    })
    .strict(),
  /** The terminal's last call, written at most once a minute. */
  'terminal.seen': z.object({ terminalId: z.number().int().positive(), at: z.string() }).strict(),
  'print.claim': z.object({ limit: z.number().int().min(1).max(MAX_PRINT_REPORTS).optional() }).strict(),
  'print.report': z
    .object({
      reports: z
        .array(
          z
            .object({
              jobId: z.number().int().positive(),
              attempts: z.number().int().min(0),
              drawer: z.boolean(),
              reached: z.boolean(),
              error: jobError.optional(),
            })
            .strict(),
        )
        .min(1)
        .max(MAX_PRINT_REPORTS),
    })
    .strict(),
  /** The kiosk's clock jumped (core/audit/clock.ts): what it should have read, what it read, the step in seconds. */
  'clock.jump': z.object({ from: isoTime, to: isoTime, seconds: z.number() }).strict(),
};

export type MachineChannel = keyof typeof machineContract;
export type MachineInput<C extends MachineChannel> = z.output<(typeof machineContract)[C]>;
