/**
 * The fault proxy's `faultAt`: the fault falls on the request named, not on what passes before it (a stream's
 * keep-alive between a test's switch and its click), and stays on after it.
 */
import { createServer, request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultProxy, type FaultProxy } from './fault-proxy.js';

let server: Server;
let proxy: FaultProxy;
let handled: string[];

beforeAll(async () => {
  handled = [];
  server = createServer((req, res) => {
    handled.push(req.url ?? '');
    res.end(JSON.stringify({ ok: true, url: req.url }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  proxy = await faultProxy((server.address() as { port: number }).port);
});

afterAll(async () => {
  await proxy.close();
  await new Promise((r) => server.close(r));
});

/** One POST through the proxy on a fresh connection: its answer's text, or 'cut'. */
function post(path: string): Promise<string> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port: proxy.port, path, method: 'POST', agent: false }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve(text));
      res.on('error', () => resolve('cut'));
    });
    req.on('error', () => resolve('cut'));
    req.end('{}');
  });
}

describe('faultAt', () => {
  it('lets what comes before the named request pass, cuts its answer after the hall had it, and stays cut', async () => {
    proxy.faultAt('/rpc/sale.create', 'cut');
    expect(await post('/rpc/session.current')).toBe('{"ok":true,"url":"/rpc/session.current"}');
    expect(proxy.fault).toBe('pass');
    expect(await post('/rpc/sale.create')).toBe('cut');
    expect(handled).toEqual(['/rpc/session.current', '/rpc/sale.create']);
    expect(proxy.fault).toBe('cut');
    expect(await post('/rpc/session.current')).toBe('cut');
    proxy.fault = 'pass';
  });

  it('swallows the named request itself when the fault is a black hole: the hall never has it', async () => {
    handled = [];
    proxy.faultAt('/rpc/sale.create', 'blackhole');
    const swallowed = post('/rpc/sale.create');
    // Once its bytes are at the proxy (the fault switched as they passed), the next request on pass reaches the hall;
    // the swallowed one never does (it waits until the proxy closes).
    while (proxy.fault !== 'blackhole') await new Promise((r) => setTimeout(r, 5));
    proxy.fault = 'pass';
    expect(await post('/rpc/after')).toBe('{"ok":true,"url":"/rpc/after"}');
    expect(handled).toEqual(['/rpc/after']);
    void swallowed;
  });
});
