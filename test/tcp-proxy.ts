/**
 * A TCP link that a test can cut and restore, as a cable pulled and plugged
 * back: between a client (the journal's shipper) and a real server
 * (PostgreSQL), on a loopback port that stays the same.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpLink {
  port: number;
  /** The listener closed and every open connection torn down (server.close alone would wait for them to end). */
  cut(): Promise<void>;
  /** Listening again on the same port. */
  restore(): Promise<void>;
  /**
   * A link gone silent (a firewall dropping packets, a cable pulled far away): nothing is forwarded any more,
   * nothing is closed or refused; new connections are accepted and left unanswered.
   */
  blackhole(): void;
  close(): Promise<void>;
}

export async function tcpLink(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpLink> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const pairs = new Set<[Socket, Socket]>();
  let silent = false;
  const listen = (port: number) =>
    new Promise<number>((done, fail) => {
      const s = createServer((client) => {
        if (silent) {
          // Accepted, never read nor answered.
          sockets.add(client);
          client.pause();
          client.on('error', () => client.destroy());
          return;
        }
        const upstream = connect(targetPort, targetHost);
        const pair: [Socket, Socket] = [client, upstream];
        pairs.add(pair);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
          pairs.delete(pair);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      s.once('error', fail);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        done((s.address() as { port: number }).port);
      });
    });
  const port = await listen(0);
  const cut = async () => {
    const s = server;
    server = null;
    if (!s) return;
    const closed = new Promise((r) => s.close(r));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  };
  const blackhole = () => {
    silent = true;
    for (const [client, upstream] of pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  };
  return {
    port,
    cut,
    restore: async () => {
      silent = false;
      if (!server) await listen(port);
    },
    blackhole,
    close: cut,
  };
}
