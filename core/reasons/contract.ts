/** The hall's reason lists (issue 38): read by every counter role, edited by a manager (audited as a settings change). */
import { z } from 'zod';
import { channel, empty, EVERYONE, MANAGERS } from '../schema.js';
import { REASON_ACTS, REASONS_PER_ACT_MAX } from './rules.js';

const lists = z.object(Object.fromEntries(REASON_ACTS.map((act) => [act, z.array(z.string())])) as Record<(typeof REASON_ACTS)[number], z.ZodArray<z.ZodString>>);

export const reasonsContract = {
  'reasons.get': channel({
    summary: "The hall's reasons for each act that needs one (a drawer opened without a sale, a variance, a guia's void, a chip fill...): the touch buttons offered before \"Outro…\".",
    kind: 'query',
    topics: ['settings'],
    roles: EVERYONE,
    input: empty,
    output: lists,
  }),
  'reasons.update': channel({
    summary: "Replace one act's list of reasons (a manager; audited with the list before and after). An empty list leaves \"Outro…\" alone; null brings back the kiosk's default list.",
    kind: 'command',
    topics: ['settings'],
    roles: MANAGERS,
    input: z
      .object({
        act: z.enum(REASON_ACTS),
        /** null: back to the kiosk's default list. Lengths are judged by the rule (REASON_TOO_LONG, REASON_LIST_TOO_LONG), each with its own code; these bounds only keep the body small. */
        reasons: z.array(z.string().max(400)).max(REASONS_PER_ACT_MAX * 4).nullable(),
      })
      .strict(),
    output: lists,
  }),
} as const;
