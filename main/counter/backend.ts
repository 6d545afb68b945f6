/**
 * The backend of a counter's screens, the same in browser mode (startCounter)
 * and in the installed program (Electron's main process): its link to the
 * hall, and when it prints its own terminal's jobs, its printing, kicked after
 * every command that succeeded (it may have queued a receipt for this
 * counter's printer), with printer.status of its own printer answered here.
 * What the post is (post.status) is answered here too, never asked of the
 * hall, which would answer that it is the hall server.
 */
import { contract } from '../../core/contract.js';
import { configureRefusal, runningPost, type PostStatus } from '../../core/terminals/post.js';
import { PASS, postDispatcher, type PostOverlay, type TracedCall } from '../rpc/posts.js';
import type { HallLink } from './link.js';
import { ownPrinterStatus, startCounterPrinting, type CounterPrinting, type CounterPrintingOptions } from './printing.js';

export interface CounterBackendOptions {
  link: HallLink;
  /** This counter's terminal (its own printer's status is asked here). */
  terminalId?: string;
  /** Print this terminal's jobs on its own printers (the enrolled counter); absent: the hall prints them. */
  printing?: Omit<CounterPrintingOptions, 'link'>;
  /** The installed program (Electron) rather than browser mode: what post.status says. */
  installed?: boolean;
  /** Each call with its route (tests). */
  trace?: (call: TracedCall) => void;
}

export interface CounterBackend {
  /** The counter's one dispatcher (its overlay, the rest relayed by the link): what the screens' transport calls. */
  backend: HallLink;
  printing: CounterPrinting | null;
}

export function counterBackend(options: CounterBackendOptions): CounterBackend {
  const { link } = options;
  const printing = options.printing ? startCounterPrinting({ ...options.printing, link }) : null;
  const post = (): PostStatus => runningPost('counter', { installed: options.installed ?? false, counter: link.state().post ?? null });
  const overlay: PostOverlay<'counter'> = {
    'post.status': () => ({ ok: true, value: post() }),
    'post.configure': () => {
      throw configureRefusal(post());
    },
    // The link's own state: never asked of the hall (it is what to show when the hall does not answer).
    'link.status': () => ({ ok: true, value: link.state() }),
    async 'printer.status'(input, call) {
      if (!printing || options.terminalId === undefined) return PASS;
      const platform = options.printing?.platform;
      const own = await ownPrinterStatus(link, { terminalId: options.terminalId, ...(platform ? { platform } : {}) }, input, call.meta);
      return own ?? PASS;
    },
  };
  const dispatch = postDispatcher({
    post: 'counter',
    overlay,
    base: (channel, input, meta = {}, origin) => link.dispatch(channel, input, meta, origin),
    // A command that went through may have queued a receipt for this counter's printer.
    after: (channel, result) => {
      if (printing && result.ok && contract[channel].kind === 'command') printing.kick();
    },
    ...(options.trace ? { trace: options.trace } : {}),
  });
  return { backend: { ...link, dispatch }, printing };
}
