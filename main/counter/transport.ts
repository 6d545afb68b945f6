/**
 * One request of a counter to the hall, as the link makes it (link.ts): a POST in the hall's envelope, what
 * came of it (an answer, or a failure that may or may not have reached the hall), and the frames of the
 * hall's event stream. No state of the link's: that stays in createHallLink.
 */
import type { Agent as HttpAgent, ClientRequest, IncomingMessage, request as httpRequest } from 'node:http';
import type { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import type { Result } from '../../core/errors.js';

/** Answers larger than this are no answer of the hall (a face file's import answers far less). */
const MAX_ANSWER_BYTES = 64_000_000;

/** How the link reaches the hall: its address, its agent (the counter's TLS identity), the headers of every request, and what each answer's Date tells. */
export interface HallWire {
  base: URL;
  request: typeof httpRequest | typeof httpsRequest;
  agent: HttpAgent | HttpsAgent;
  headers: Record<string, string>;
  readDate(res: IncomingMessage): void;
}

export type Attempt =
  | { kind: 'answer'; result: Result<unknown> }
  /** `written`: the request may have reached the hall (the connection was up when it failed). */
  | { kind: 'failed'; written: boolean; error: string };

function isEnvelope(body: unknown): body is Result<unknown> {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as { ok?: unknown; value?: unknown; error?: unknown };
  if (b.ok === true) return 'value' in b;
  if (b.ok !== false || typeof b.error !== 'object' || b.error === null) return false;
  const e = b.error as { code?: unknown; message?: unknown };
  return typeof e.code === 'string' && typeof e.message === 'string';
}

/** The cause of a failure as the state shows it: the system's code (ECONNREFUSED...) or the message. */
export function causeOf(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof (error as { code: unknown }).code === 'string') return (error as { code: string }).code;
  return error instanceof Error ? error.message : String(error);
}

/** Whether a socket is up for this request: TCP connected, and for TLS the handshake done (a certificate refused is not "written"). */
function onceConnected(socket: Socket, done: () => void): void {
  // A kept-alive socket is already up.
  if (!socket.connecting) done();
  else socket.once('encrypted' in socket ? 'secureConnect' : 'connect', done);
}

/** One POST of `body` to `path`, given up after `timeoutMs`: the hall's envelope, or why not and whether it may have reached the hall. */
export function postOnce(wire: HallWire, path: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<Attempt> {
  return new Promise((resolve) => {
    let connected = false;
    let settled = false;
    let req: ClientRequest | undefined = undefined;
    const finish = (a: Attempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(a);
    };
    const fail = (error: unknown) => {
      finish({ kind: 'failed', written: connected, error: causeOf(error) });
      req?.destroy();
    };
    const timer = setTimeout(() => fail(new Error('timeout')), Math.max(1, timeoutMs));
    try {
      req = wire.request(new URL(path, wire.base), {
        method: 'POST',
        agent: wire.agent,
        headers: { ...wire.headers, ...headers, 'Content-Length': Buffer.byteLength(body) },
      });
    } catch (e) {
      clearTimeout(timer);
      resolve({ kind: 'failed', written: false, error: causeOf(e) });
      return;
    }
    req.on('socket', (socket) => onceConnected(socket, () => (connected = true)));
    req.on('error', fail);
    req.on('response', (res) => {
      wire.readDate(res);
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_ANSWER_BYTES) fail(new Error('answer too large'));
        else chunks.push(c);
      });
      res.on('close', () => {
        if (!res.complete) fail(new Error('answer cut'));
      });
      res.on('error', fail);
      res.on('end', () => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          parsed = undefined;
        }
        // Something answered, but not the hall's envelope (a proxy's page): the answer is as good as lost.
        if (isEnvelope(parsed)) finish({ kind: 'answer', result: parsed });
        else fail(new Error(`bad answer (HTTP ${res.statusCode})`));
      });
    });
    req.end(body);
  });
}

/** The data of each whole frame of an event stream's text, and what is left for the next chunk. */
export function takeFrames(buffer: string): { data: string[]; rest: string } {
  const data: string[] = [];
  let rest = buffer;
  let end: number;
  while ((end = rest.indexOf('\n\n')) >= 0) {
    const frame = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const text = frame
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
      .join('\n');
    if (text !== '') data.push(text);
  }
  return { data, rest };
}
