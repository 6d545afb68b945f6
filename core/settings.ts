/**
 * Hall settings: shared by every domain (the bingo rules read the stamp duty
 * and the special prize, the counter the per-sale maximum). Stamp duty has no
 * default (SPEC 5): it must be set before the first game. SPEC 3: per-sale
 * maximum 100; chips off.
 */
import { z } from 'zod';
import { IDENTIFICATION_MOMENTS, type IdentificationMoment } from './compliance/moments.js';
import { HALL_TIME_ZONES } from './time.js';

export { IDENTIFICATION_MOMENTS, type IdentificationMoment };

export const specialPrizeSchema = z
  .object({
    enabled: z.boolean(),
    /** Share of V fed into the fund each game, in basis points (1 % = 100). */
    shareBasisPoints: z.number().int().min(0).max(10_000),
    /** N: balls within which a bingo wins it, on the first day and after each win. */
    baseBalls: z.number().int().min(1).max(90),
    /**
     * What the house puts in the fund when it starts and after each win (SPEC 4),
     * up to 100 000,00 €; 0 starts it empty.
     */
    startingCents: z.number().int().min(0).max(10_000_000).default(0),
  })
  .strict();

export const settingsSchema = z.object({
  hallName: z.string(),
  licence: z.string().nullable(),
  /** Days of operation are counted, and times printed, in it (kept on the hall's row, beside the licence). */
  timeZone: z.enum(HALL_TIME_ZONES),
  maxCardsPerSale: z.number().int(),
  chipsAllowed: z.boolean(),
  /** Stamp duty in basis points of V; null until the hall sets it (required before the first game). */
  stampDutyBasisPoints: z.number().int().nullable(),
  specialPrize: specialPrizeSchema.nullable(),
  /** A blind count's variance beyond this, either way, needs a manager's acceptance (SPEC 9). */
  drawerVarianceThresholdCents: z.number().int(),
  /** Backups kept in `<data>/backups`: the newest ones (issue 8). */
  backupsKept: z.number().int(),
  /** A folder on a mounted disk or share where each backup is copied too (issue 40); null: none. */
  backupCopyDir: z.string().nullable(),
  /** Copies kept in that folder: the newest ones (the copies taken before a migration stay too). */
  backupCopiesKept: z.number().int(),
  /** A guia over this amount is paid only with a manager's approval (SPEC 7); null: never needed. */
  guiaApprovalThresholdCents: z.number().int().nullable(),
  /** An operator's session ends this long after its login, however busy (issue 12): a shift. */
  shiftHours: z.number().int(),
  /** Managers' and admins' PINs have 6 digits at least (their PIN approves other people's acts). */
  longManagerPins: z.boolean(),
  /** When bingo players are identified (Lei n.º 83/2017, art. 76.º, n.º 5): at entry, at the purchase of cards or at a prize's delivery. */
  identificationMoment: z.enum(IDENTIFICATION_MOMENTS),
  /** Where the hall identifies at the entrance: its entries recorded in this program (the counter's and the caixa's register), not by a system of its own at the door. */
  entryRegister: z.boolean(),
  /** One person's payments and exchanges in a gaming day, added up, from which the person is identified first (Lei n.º 83/2017). */
  identificationThresholdCents: z.number().int(),
});

/** The accumulated special prize (art. 10), when the hall has it. */
export type SpecialPrizeSettings = z.output<typeof specialPrizeSchema>;
export type Settings = z.output<typeof settingsSchema>;

/** The settings kept as key/value rows (the hall's name, licence and time zone are the hall's own row). */
export interface HallSettings {
  maxCardsPerSale: number;
  chipsAllowed: boolean;
  stampDutyBasisPoints: number | null;
  specialPrize: SpecialPrizeSettings | null;
  drawerVarianceThresholdCents: number;
  backupsKept: number;
  backupCopyDir: string | null;
  backupCopiesKept: number;
  guiaApprovalThresholdCents: number | null;
  shiftHours: number;
  longManagerPins: boolean;
  identificationMoment: IdentificationMoment;
  entryRegister: boolean;
  identificationThresholdCents: number;
}

export const DEFAULT_SETTINGS: HallSettings = {
  maxCardsPerSale: 100,
  chipsAllowed: false,
  stampDutyBasisPoints: null,
  specialPrize: null,
  // 5,00 € either way: small change errors close without a manager, anything larger is explained.
  drawerVarianceThresholdCents: 500,
  // One a night and a few on demand: about a month.
  backupsKept: 40,
  // Named by the hall (its removable disk or share): none until it does.
  backupCopyDir: null,
  // Two weeks of nightly closes (core/drawers/backup-copies.ts).
  backupCopiesKept: 14,
  // 1 000,00 €: a hand pay of that size is a second person's business.
  guiaApprovalThresholdCents: 100_000,
  // A long night shift: the login asks again after it, even at a busy counter.
  shiftHours: 12,
  // Off until the hall has given its managers 6-digit PINs (turning it on asks for them first).
  longManagerPins: false,
  // The hall's own moment until the inspectorate fixes one (art. 76.º, n.º 5): at the door (seen by the kiosk once
  // entryRegister is on), so a prize asks for its winner from the threshold, as every payment does; 'prize' asks for every prize's winner.
  identificationMoment: 'entry',
  // Off: a hall's door has its own system until the hall records its entries here (the register's tab then appears).
  entryRegister: false,
  // 2 000,00 €: the amount from which the law asks for the player's identification, across separate plays.
  identificationThresholdCents: 200_000,
};
