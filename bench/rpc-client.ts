/**
 * A client of browser mode's `POST /rpc/<channel>` on 127.0.0.1 (a kiosk's,
 * the hall server's loopback or a counter's), as the benchmarks time it: one
 * keep-alive connection held as a browser holds one, the answer's text as it
 * came (callers check `{"ok":true` themselves, parsing is not the transport's).
 */
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RpcClient {
  post(channel: string, input: unknown, headers?: { operatorToken?: string; idempotencyKey?: string }): Promise<string>;
  destroy(): void;
}

export function rpcClient(port: number, token: string): RpcClient {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    post(channel, input, o = {}) {
      const body = JSON.stringify(input);
      const once = (): Promise<string> =>
        new Promise((resolve, reject) => {
          const req = request(
            {
              agent,
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: `/rpc/${channel}`,
              headers: {
                Host: `127.0.0.1:${port}`,
                Authorization: `Bearer ${token}`,
                ...(o.operatorToken ? { 'X-Operator-Token': o.operatorToken } : {}),
                ...(o.idempotencyKey ? { 'Idempotency-Key': o.idempotencyKey } : {}),
                'Content-Type': 'application/json',
                'Content-Length': Buffer.byteLength(body),
              },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
              res.on('error', reject);
            },
          );
          // A kept-alive connection the server closed as it sat idle (its keepAliveTimeout) just as we reused it:
          // the request never reached it; sent again once on a new connection (Node's documented `reusedSocket` case).
          req.on('error', (e: NodeJS.ErrnoException) => reject(Object.assign(e, { reused: req.reusedSocket })));
          req.end(body);
        });
      return once().catch((e: NodeJS.ErrnoException & { reused?: boolean }) => {
        if (e.reused && e.code === 'ECONNRESET') return once();
        throw e;
      });
    },
    destroy: () => agent.destroy(),
  };
}

/** Whether this module is the script node was started with (not imported by another benchmark). */
export function isEntry(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && fileURLToPath(moduleUrl) === resolve(entry);
}
