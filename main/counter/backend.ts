/**
 * The backend of a counter's screens, the same in browser mode (startCounter)
 * and in the installed program (Electron's main process): its link to the
 * hall, and when it prints its own terminal's jobs, its printing, kicked after
 * every command that succeeded (it may have queued a receipt for this
 * counter's printer), with printer.status of its own printer answered here.
 * What the post is (post.status) is answered here too, never asked of the
 * hall, which would answer that it is the hall server.
 */
import { contract, isChannel } from '../../core/contract.js';
import { errorMessage, type Result } from '../../core/errors.js';
import { configureRefusal, runningPost, type PostStatus } from '../../core/terminals/post.js';
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
}

export interface CounterBackend {
  /** The link with printing and post.status wrapped in: what the screens' transport calls. */
  backend: HallLink;
  printing: CounterPrinting | null;
}

export function counterBackend(options: CounterBackendOptions): CounterBackend {
  const { link } = options;
  const printing = options.printing ? startCounterPrinting({ ...options.printing, link }) : null;
  const post = (): PostStatus => runningPost('counter', { installed: options.installed ?? false, counter: link.state().post ?? null });
  const backend: HallLink = {
    ...link,
    async dispatch(channel, input, meta = {}, origin) {
      const lang = meta.lang === 'en' ? 'en' : 'pt-PT';
      if (channel === 'post.status') return { ok: true, value: post() };
      if (channel === 'post.configure') {
        const e = configureRefusal(post());
        return { ok: false, error: { code: e.code, message: errorMessage(e.code, e.params, lang) } } satisfies Result<never>;
      }
      if (printing && channel === 'printer.status' && options.terminalId !== undefined) {
        const platform = options.printing?.platform;
        const own = await ownPrinterStatus(link, { terminalId: options.terminalId, ...(platform ? { platform } : {}) }, input, meta);
        if (own) return own;
      }
      const result = await link.dispatch(channel, input, meta, origin);
      if (printing && result.ok && isChannel(channel) && contract[channel].kind === 'command') printing.kick();
      return result;
    },
  };
  return { backend, printing };
}
