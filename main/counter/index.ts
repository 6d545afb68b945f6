/**
 * A counter (issue 24, point 4): the screens and browser mode's
 * `/rpc/<channel>` and `/events` on 127.0.0.1:M (its own KIOSK_TOKEN rule),
 * every call carried to the hall server by its HallLink and answered from
 * there. It keeps no sales of its own: the hall's file is the one writer.
 */
import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { startWebServer } from '../web/server.js';
import { createHallLink, type HallLink, type HallLinkOptions } from './link.js';
import { counterBackend } from './backend.js';
import type { CounterPrinting, CounterPrintingOptions } from './printing.js';
import type { WebServerOptions } from '../web/server.js';

export { counterBackend, type CounterBackend, type CounterBackendOptions } from './backend.js';
export { createHallLink, CALL_BUDGET_MS, RECONNECT_MAX_MS, type HallLink, type HallLinkOptions } from './link.js';

type CounterOptions = {
  /** The browser-mode access token of the counter's own screens (KIOSK_TOKEN or a new one each start). */
  token: string;
  /** 127.0.0.1:port (0: any free one). */
  port: number;
  /** The built renderer (dist/renderer); absent: the API alone. */
  staticDir?: string;
  /** This counter's terminal, as its screens show it; the hall knows it from the counter's certificate. */
  terminalId?: string;
  /** Print this terminal's jobs on its own printers (the enrolled counter); absent: the hall prints them. */
  printing?: Omit<CounterPrintingOptions, 'link'>;
  /** Its health and metrics on its own port (GET /health, GET /metrics), built on its link once made. */
  watch?: (link: HallLink) => NonNullable<WebServerOptions['watch']>;
  logError?: WebServerOptions['logError'];
} & (
  | { link: HallLink }
  | ({ hallUrl: string; agent: HttpAgent | HttpsAgent } & Omit<HallLinkOptions, 'hallUrl' | 'agent'>)
);

export interface Counter {
  url: string;
  port: number;
  link: HallLink;
  /** Its printing, when it prints its own jobs. */
  printing: CounterPrinting | null;
  close(): Promise<void>;
}

export async function startCounter(options: CounterOptions): Promise<Counter> {
  const own = !('link' in options);
  const link = 'link' in options ? options.link : createHallLink(options);
  const { backend, printing } = counterBackend({
    link,
    ...(options.terminalId !== undefined ? { terminalId: options.terminalId } : {}),
    ...(options.printing ? { printing: options.printing } : {}),
  });
  let server;
  try {
    server = await startWebServer({
      kiosk: backend,
      token: options.token,
      port: options.port,
      ...(options.staticDir !== undefined ? { staticDir: options.staticDir } : {}),
      ...(options.terminalId !== undefined ? { terminalId: options.terminalId } : {}),
      ...(options.watch ? { watch: options.watch(link) } : {}),
      ...(options.logError ? { logError: options.logError } : {}),
    });
  } catch (e) {
    printing?.stop();
    if (own) link.close();
    throw e;
  }
  return {
    url: server.url,
    port: server.port,
    link,
    printing,
    async close() {
      printing?.stop();
      await server.close();
      // A link given by the caller is the caller's to close.
      if (own) link.close();
    },
  };
}
