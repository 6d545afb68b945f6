/**
 * One way in for every post (issue 39, point 3). Each post answers its
 * screens through one dispatcher: the kiosk's (createDispatcher: the shared
 * handler map, a transaction per command, its audit row) where the post holds
 * the hall's file, else the hall's, reached through the counter's link. What
 * a post answers itself is declared here, as a typed overlay of the shared
 * handler map: which channels it adds or puts in place of the shared handler,
 * each input parsed with the contract's zod schema, each answer an envelope.
 *
 *   standalone, hall server  the kiosk's dispatcher, no overlay
 *   counter                  post.status, post.configure, link.status, printer.status (its own printer);
 *                            every other channel relayed to the hall's dispatcher
 *   first run (Electron)     post.status, post.configure; every other channel refused (POST_NOT_CHOSEN)
 *
 * `postDispatcher` is the only place an overlay is answered; a post's backend
 * is one (main/counter/backend.ts, main/electron/post-start.ts), and its
 * `trace` names the route each call took (tests list them).
 */
import { z } from 'zod';
import type { CallMeta } from '../../core/bridge.js';
import { CHANNELS, contract, isChannel, type Channel, type ChannelOutput, type ParsedInput } from '../../core/contract.js';
import { errorMessage, KioskError, type Lang, type Result } from '../../core/errors.js';
import type { CallOrigin } from '../../core/terminal.js';
import type { Dispatch } from './dispatcher.js';

/** The posts a program runs as (the installed program's first run is one until the role is chosen). */
export type PostName = 'standalone' | 'hall' | 'counter' | 'first-run';

/** Where a post's call is answered: its own kiosk's dispatcher, the hall's (through the link), its overlay, or refused before either. */
export type Route = 'kiosk' | 'hall' | 'overlay' | 'refused';

/** The channels each post answers itself, in place of the shared handler map's. */
export const POST_OVERLAYS = {
  standalone: [],
  hall: [],
  counter: ['post.status', 'post.configure', 'link.status', 'printer.status'],
  'first-run': ['post.status', 'post.configure'],
} as const satisfies Record<PostName, readonly Channel[]>;

/** Where each post sends a channel its overlay does not take. */
const POST_BASE = { standalone: 'kiosk', hall: 'kiosk', counter: 'hall', 'first-run': 'refused' } as const satisfies Record<PostName, Route>;

type OverlayChannel<P extends PostName> = (typeof POST_OVERLAYS)[P][number];

/** What an overlay's handler knows of its call: the caller's words and its transport's origin. */
interface PostCall {
  meta: CallMeta;
  origin: CallOrigin | undefined;
  lang: Lang;
}

/**
 * A post's handler of one channel: the input already parsed with the contract; its answer, a KioskError to
 * refuse, or PASS to hand the call to the post's base (the counter's printer.status of a printer not its own).
 */
type OverlayHandler<C extends Channel> = (input: ParsedInput<C>, call: PostCall) => Promise<Answer<C>> | Answer<C>;
type Answer<C extends Channel> = Result<ChannelOutput<C>> | typeof PASS;
export const PASS: unique symbol = Symbol('pass to the post base');

/** A post's overlay: exactly the channels POST_OVERLAYS names for it, each with its handler. */
export type PostOverlay<P extends PostName> = { readonly [C in OverlayChannel<P>]: OverlayHandler<C> };

/** One call seen by a post's dispatcher, with the route it took. */
export interface TracedCall {
  post: PostName;
  channel: string;
  route: Route;
}

interface PostDispatcherOptions<P extends PostName> {
  post: P;
  overlay: PostOverlay<P>;
  /** Every other channel: the kiosk's dispatcher, or the hall's through the link; absent for the first run (refused). */
  base?: Dispatch;
  /** The refusal of a call the base is absent for. */
  refuse?: (lang: Lang) => KioskError;
  /** After each answer (the counter kicks its printing after a command that went through). */
  after?: (channel: Channel, result: Result<unknown>) => void;
  trace?: (call: TracedCall) => void;
  logError?: (error: unknown, channel: string) => void;
}

const localeErrors = { 'pt-PT': z.locales.pt().localeError, en: z.locales.en().localeError };

function refusal(e: KioskError, lang: Lang): Result<never> {
  return { ok: false, error: { code: e.code, message: errorMessage(e.code, e.params, lang), ...(e.details !== undefined ? { details: e.details } : {}) } };
}

/** A post's one dispatcher: its overlay's channels answered here, the rest by its base. Never throws. */
export function postDispatcher<P extends PostName>(o: PostDispatcherOptions<P>): Dispatch {
  const overlay = o.overlay as Readonly<Record<string, OverlayHandler<Channel> | undefined>>;
  const declared: readonly string[] = POST_OVERLAYS[o.post];
  for (const name of Object.keys(overlay)) if (!declared.includes(name)) throw new Error(`${o.post}: overlay of ${name} not declared in POST_OVERLAYS`);
  for (const name of declared) if (typeof overlay[name] !== 'function') throw new Error(`${o.post}: overlay of ${name} missing`);
  if ((POST_BASE[o.post] === 'refused') !== (o.base === undefined)) throw new Error(`${o.post}: its base is ${POST_BASE[o.post]}`);
  const trace = (channel: string, route: Route) => o.trace?.({ post: o.post, channel, route });

  async function toBase(channel: string, input: unknown, meta: CallMeta, origin: CallOrigin | undefined, lang: Lang): Promise<Result<unknown>> {
    if (!o.base) {
      trace(channel, 'refused');
      return refusal(o.refuse ? o.refuse(lang) : new KioskError('UNKNOWN_CHANNEL', { channel }), lang);
    }
    trace(channel, POST_BASE[o.post]);
    const result = await o.base(channel, input, meta, origin);
    if (isChannel(channel)) o.after?.(channel, result);
    return result;
  }

  return async (channel, input, meta = {}, origin) => {
    const lang: Lang = meta.lang === 'en' ? 'en' : 'pt-PT';
    if (!isChannel(channel)) {
      trace(channel, 'refused');
      return refusal(new KioskError('UNKNOWN_CHANNEL', { channel: String(channel).slice(0, 80) }), lang);
    }
    const handler = overlay[channel];
    if (!handler) return toBase(channel, input, meta, origin, lang);
    const parsed = contract[channel].input.safeParse(input ?? {}, { error: localeErrors[lang] });
    if (!parsed.success) {
      trace(channel, 'overlay');
      const issues = parsed.error.issues.slice(0, 5).map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
      return { ok: false, error: { code: 'VALIDATION_FAILED', message: errorMessage('VALIDATION_FAILED', { issues }, lang), details: parsed.error.issues } };
    }
    try {
      const answer = await handler(parsed.data as ParsedInput<Channel>, { meta, origin, lang });
      if (answer === PASS) return toBase(channel, input, meta, origin, lang);
      trace(channel, 'overlay');
      o.after?.(channel, answer);
      return answer;
    } catch (e) {
      trace(channel, 'overlay');
      if (e instanceof KioskError) return refusal(e, lang);
      o.logError?.(e, channel);
      return refusal(new KioskError('INTERNAL'), lang);
    }
  };
}

/** Each channel of the contract and the route a post answers it by (what the routes test checks against the calls it traces). */
export function routesOf(post: PostName): Record<Channel, Route> {
  const own: readonly string[] = POST_OVERLAYS[post];
  return Object.fromEntries(CHANNELS.map((c) => [c, own.includes(c) ? 'overlay' : POST_BASE[post]])) as Record<Channel, Route>;
}
