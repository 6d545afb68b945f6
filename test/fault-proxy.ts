/**
 * A TCP proxy with faults, between a counter's link and the hall (issue 37):
 * `pass`; `cut` (the request forwarded, the connection cut as the answer
 * starts: the hall did the work, the counter never hears it); `delay` (the
 * answer held back `delayMs`); `blackhole` (the connection accepted, the
 * request never forwarded). The fault is read as each chunk passes, so a
 * test switches it between calls. `onForward`, when set, runs once as the
 * next request's bytes are handed to the hall (to stop or kill it then).
 * `freshRefused`: while a fault is on, a new connection is closed at once
 * and the fault meets only connections made before (over TLS the fault then
 * falls on a request, never on a handshake, which would only say "not sent").
 * `faultAt(match, fault)`: the fault is switched to `fault` as the bytes of the
 * next request that holds `match` (a path) pass, before they are forwarded:
 * the fault meets that request, never the event stream's keep-alive that may
 * come between a test's switch and its click.
 * `unplug()` closes the port itself (connections refused, as a cable pulled
 * at the hall's side) until `plug()`. `listenHost` (default 127.0.0.1): the
 * address it listens on, e.g. the hall's bridge for counters in network
 * namespaces of their own.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export type Fault = 'pass' | 'cut' | 'delay' | 'blackhole';

export interface FaultProxy {
  port: number;
  fault: Fault;
  delayMs: number;
  onForward: (() => void) | null;
  freshRefused: boolean;
  faultAt(match: string, fault: Fault): void;
  unplug(): Promise<void>;
  plug(): Promise<void>;
  close(): Promise<void>;
}

export async function faultProxy(targetPort: number, targetHost = '127.0.0.1', listenHost = '127.0.0.1'): Promise<FaultProxy> {
  const sockets = new Set<Socket>();
  let armed: { match: string; fault: Fault } | null = null;
  const serve = (client: Socket) => {
    if (proxy.freshRefused && proxy.fault !== 'pass') {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, targetHost);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.on('data', (chunk: Buffer) => {
      if (armed && chunk.includes(armed.match)) {
        proxy.fault = armed.fault;
        armed = null;
      }
      if (proxy.fault === 'blackhole') return;
      upstream.write(chunk, () => {
        const hook = proxy.onForward;
        if (hook) {
          proxy.onForward = null;
          hook();
        }
      });
    });
    upstream.on('data', (chunk: Buffer) => {
      if (proxy.fault === 'cut') drop();
      else if (proxy.fault === 'delay') setTimeout(() => !client.destroyed && client.write(chunk), proxy.delayMs);
      else client.write(chunk);
    });
  };
  let server: Server | null = null;
  const listen = (at: number) =>
    new Promise<number>((resolve, reject) => {
      const s = createServer(serve);
      s.once('error', reject);
      s.listen(at, listenHost, () => {
        server = s;
        resolve((s.address() as { port: number }).port);
      });
    });
  const unplug = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (s) s.close(() => resolve());
      else resolve();
    });
  const port = await listen(0);
  const proxy: FaultProxy = {
    port,
    fault: 'pass',
    delayMs: 0,
    onForward: null,
    freshRefused: false,
    faultAt: (match, fault) => void (armed = { match, fault }),
    unplug,
    plug: async () => void (await listen(port)),
    close: unplug,
  };
  return proxy;
}
