/**
 * A post's role (issue 24, point 4): what this installed program is in its
 * hall — a standalone kiosk, the hall server, or a counter enrolled at the
 * hall server. Chosen once at the first run of the installed program
 * (`post.configure`); `post.status` says what the post is. Browser mode's
 * processes are what their command made them, and cannot be changed from a
 * screen. Pure: what is on disk and what was asked come in.
 */
import { z } from 'zod';
import { KioskError } from '../refusal.js';
import { channel } from '../schema.js';

import { DEFAULT_TERMINALS_BIND, DEFAULT_TERMINALS_PORT, POST_MODES, type PostMode } from './rules.js';

export { DEFAULT_TERMINALS_BIND, DEFAULT_TERMINALS_PORT, POST_MODES, type PostMode } from './rules.js';

const FINGERPRINT = /^sha256:[0-9a-f]{64}$/;

const postStatusSchema = z.object({
  /** null: the installed program's first run, nothing chosen yet. */
  mode: z.enum(POST_MODES).nullable(),
  /** The first-run screen is shown (no role, no database). */
  needsChoice: z.boolean(),
  /** The installed program (Electron), where the role is chosen; false in browser mode. */
  installed: z.boolean(),
  /** The hall server: where the counters reach it and the fingerprint they pin. */
  hall: z
    .object({ terminalsPort: z.number().int(), bind: z.string(), addresses: z.array(z.string()), fingerprint: z.string() })
    .nullable(),
  /** A counter: its terminal, its hall, and the confirmation code both screens show. */
  counter: z.object({ terminalId: z.string(), hallUrl: z.string(), serverFingerprint: z.string(), confirmation: z.string() }).nullable(),
});
export type PostStatus = z.infer<typeof postStatusSchema>;

/**
 * The choice: one object (every channel's input is one), whose fields are
 * those of its mode: the hall server's port and address (defaults
 * DEFAULT_TERMINALS_PORT, every address), a counter's hall address,
 * fingerprint and one-time code (all three).
 */
export const postConfigureSchema = z
  .object({
    mode: z.enum(POST_MODES),
    terminalsPort: z.number().int().min(1).max(65535).optional(),
    bind: z.string().trim().min(1).max(64).optional(),
    hallUrl: z.string().trim().min(1).max(200).optional(),
    fingerprint: z.string().trim().min(1).max(200).optional(),
    code: z.string().trim().min(1).max(64).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const hallFields = ['terminalsPort', 'bind'] as const;
    const counterFields = ['hallUrl', 'fingerprint', 'code'] as const;
    for (const f of [...hallFields, ...counterFields]) {
      const belongs = (v.mode === 'hall' && (hallFields as readonly string[]).includes(f)) || (v.mode === 'counter' && (counterFields as readonly string[]).includes(f));
      if (v[f] !== undefined && !belongs) ctx.addIssue({ code: 'custom', path: [f], message: `not for mode ${v.mode}` });
    }
    if (v.mode === 'counter') for (const f of counterFields) if (v[f] === undefined) ctx.addIssue({ code: 'custom', path: [f], message: 'required for mode counter' });
  });

/** A choice as post-start.ts acts on it: each mode with its own fields, the hall's defaults filled in. */
export type PostChoice =
  | { mode: 'standalone' }
  | { mode: 'hall'; terminalsPort: number; bind: string }
  | { mode: 'counter'; hallUrl: string; fingerprint: string; code: string };

/** The parsed input of post.configure as its mode's choice. */
export function postChoiceOf(v: z.output<typeof postConfigureSchema>): PostChoice {
  if (v.mode === 'hall') return { mode: 'hall', terminalsPort: v.terminalsPort ?? DEFAULT_TERMINALS_PORT, bind: v.bind ?? DEFAULT_TERMINALS_BIND };
  if (v.mode === 'counter') return { mode: 'counter', hallUrl: v.hallUrl ?? '', fingerprint: v.fingerprint ?? '', code: v.code ?? '' };
  return { mode: 'standalone' };
}

export const postContract = {
  'post.status': channel({
    summary:
      "What this post is: a standalone kiosk, the hall server (with its terminals' addresses and fingerprint) or a counter (its terminal, its hall, the confirmation code); at the installed program's first run, that the role is still to be chosen.",
    kind: 'query',
    topics: ['post'],
    roles: 'public',
    input: z.object({}).strict(),
    output: postStatusSchema,
  }),
  'post.configure': channel({
    // The input holds the one-time enrolment code: never kept with a key.
    secretAnswer: true,
    summary:
      "The installed program's first run only: make this post a standalone kiosk, the hall server (its terminals port) or a counter (the hall's address, its fingerprint and a one-time code); the post starts as that at once. Refused once a role is chosen, and in browser mode.",
    kind: 'command',
    topics: ['post'],
    roles: 'public',
    input: postConfigureSchema,
    output: postStatusSchema,
  }),
};

/** The status of a post not yet chosen (the installed program's first run). */
export function unchosenPost(): PostStatus {
  return { mode: null, needsChoice: true, installed: true, hall: null, counter: null };
}

/** The status of a post that runs as `mode` (browser mode's processes are not installed). */
export function runningPost(mode: PostMode, o: { installed?: boolean; hall?: PostStatus['hall']; counter?: PostStatus['counter'] } = {}): PostStatus {
  return { mode, needsChoice: false, installed: o.installed ?? false, hall: o.hall ?? null, counter: o.counter ?? null };
}

/** Why `post.configure` is refused on a post that runs already (as it always does outside the first run). */
export function configureRefusal(status: PostStatus): KioskError {
  if (!status.installed) return new KioskError('POST_CHOICE_INSTALLED_ONLY');
  return new KioskError('POST_ALREADY_CHOSEN', { mode: status.mode ?? 'standalone' });
}

/** The hall's address as typed to `https://HOST:PORT` (its origin), or POST_HALL_ADDRESS_INVALID. */
export function hallAddressOf(typed: string): string {
  const text = typed.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new KioskError('POST_HALL_ADDRESS_INVALID', { hallUrl: text });
  }
  // The terminals port is never https' default: the port is always named, as the hall server's screen shows it.
  if (url.protocol !== 'https:' || url.port === '' || url.username !== '' || url.password !== '' || (url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '') {
    throw new KioskError('POST_HALL_ADDRESS_INVALID', { hallUrl: text });
  }
  return url.origin;
}

/** A fingerprint as typed (any letter case, spaces or colons between the hex pairs) to `sha256:<64 hex>`, or POST_FINGERPRINT_INVALID. */
export function fingerprintOfTyped(typed: string): string {
  const text = typed.trim();
  const m = /^sha256:(.*)$/i.exec(text);
  const hex = (m ? m[1]! : '').replace(/[\s:]/g, '').toLowerCase();
  const fingerprint = `sha256:${hex}`;
  if (!FINGERPRINT.test(fingerprint)) throw new KioskError('POST_FINGERPRINT_INVALID', { fingerprint: text.slice(0, 80) });
  return fingerprint;
}
