import { describe, it, expect } from 'vitest';
import type { CallMeta } from '../../core/bridge.js';
import { errorMessage, type Result } from '../../core/errors.js';
import { cleanMeta, createRpcHandler, type SenderInfo } from './ipc.js';

const APP = 'app://kiosk/';
const OURS: SenderInfo = { frameUrl: `${APP}index.html#/sale`, isMainFrame: true };

interface Call {
  channel: string;
  input: unknown;
  meta: CallMeta | undefined;
}

function fakeKiosk(answer: (call: Call) => Promise<Result<unknown>>) {
  const calls: Call[] = [];
  return {
    calls,
    dispatch(channel: string, input: unknown, meta?: CallMeta) {
      const call = { channel, input, meta };
      calls.push(call);
      return answer(call);
    },
  };
}

const okKiosk = () => fakeKiosk(async (call) => ({ ok: true, value: { echo: call.input } }));

describe('createRpcHandler', () => {
  it('passes a trusted call through to dispatch and returns its envelope', async () => {
    const kiosk = okKiosk();
    const rpc = createRpcHandler(kiosk);
    const result = await rpc(OURS, 'sale.create', { gameId: 1 }, { operatorToken: 'tok', lang: 'en' });
    expect(result).toEqual({ ok: true, value: { echo: { gameId: 1 } } });
    expect(kiosk.calls).toEqual([{ channel: 'sale.create', input: { gameId: 1 }, meta: { operatorToken: 'tok', lang: 'en' } }]);
  });

  it('returns dispatch refusals unchanged', async () => {
    const refusal: Result<unknown> = {
      ok: false,
      error: { code: 'NOT_AUTHENTICATED', message: errorMessage('NOT_AUTHENTICATED') },
    };
    const rpc = createRpcHandler(fakeKiosk(async () => refusal));
    expect(await rpc(OURS, 'auth.me', {}, {})).toBe(refusal);
  });

  it('refuses a foreign page with FORBIDDEN and never dispatches', async () => {
    const kiosk = okKiosk();
    const rpc = createRpcHandler(kiosk);
    const result = await rpc({ frameUrl: 'http://evil.example/', isMainFrame: true }, 'sale.create', {}, {});
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'FORBIDDEN',
        message: errorMessage('FORBIDDEN', { channel: 'sale.create', roles: 'nenhum (janela não autorizada)' }),
        details: { reason: 'untrusted-sender' },
      },
    });
    expect(kiosk.calls).toEqual([]);
  });

  it('lets the hall board\'s window read the board and nothing else, never dispatching the rest', async () => {
    const kiosk = okKiosk();
    const rpc = createRpcHandler(kiosk);
    for (const frameUrl of [`${APP}display.html`, `${APP}display`]) {
      const board: SenderInfo = { frameUrl, isMainFrame: true };
      expect(await rpc(board, 'display.state', {}, {})).toEqual({ ok: true, value: { echo: {} } });
      for (const channel of ['sale.create', 'auth.login', 'display.token', 'game.drawBall']) {
        expect(await rpc(board, channel, {}, { operatorToken: 'tok' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', details: { reason: 'board-window' } } });
      }
    }
    expect(kiosk.calls.map((c) => c.channel)).toEqual(['display.state', 'display.state']);
  });

  it('refuses a file:// page, even the renderer\'s own index.html', async () => {
    const kiosk = okKiosk();
    const rpc = createRpcHandler(kiosk);
    for (const frameUrl of ['file:///opt/kiosk/dist/renderer/index.html', 'file:///opt/kiosk/dist/renderer/display.html']) {
      expect(await rpc({ frameUrl, isMainFrame: true }, 'auth.me', {}, {})).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN', details: { reason: 'untrusted-sender' } },
      });
    }
    expect(kiosk.calls).toEqual([]);
  });

  it('refuses another host or a traversal of app://', async () => {
    const kiosk = okKiosk();
    const rpc = createRpcHandler(kiosk);
    for (const frameUrl of ['app://evil/index.html', 'app://kiosk.evil/index.html', 'app://kiosk/../index.html']) {
      expect((await rpc({ frameUrl, isMainFrame: true }, 'auth.me', {}, {})).ok).toBe(false);
    }
    expect(kiosk.calls).toEqual([]);
  });

  it('refuses a sub-frame of our own app', async () => {
    const kiosk = okKiosk();
    const result = await createRpcHandler(kiosk)({ ...OURS, isMainFrame: false }, 'auth.me', {}, {});
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('FORBIDDEN');
    expect(kiosk.calls).toEqual([]);
  });

  it('refuses a frame that is already gone', async () => {
    const kiosk = okKiosk();
    const result = await createRpcHandler(kiosk)({ frameUrl: null, isMainFrame: false }, 'auth.me', {}, {});
    expect(!result.ok && result.error.code).toBe('FORBIDDEN');
    expect(kiosk.calls).toEqual([]);
  });

  it('words the refusal in English when asked', async () => {
    const rpc = createRpcHandler(okKiosk());
    const result = await rpc({ frameUrl: 'file:///etc/passwd', isMainFrame: true }, 'users.list', {}, { lang: 'en' });
    expect(!result.ok && result.error.message).toBe(
      'Your role does not allow this operation (users.list); allowed roles: none (untrusted window).',
    );
  });

  it('answers UNKNOWN_CHANNEL for a channel that is not a string or is absurdly long', async () => {
    const kiosk = okKiosk();
    const rpc = createRpcHandler(kiosk);
    expect(await rpc(OURS, 42, {}, {})).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL', message: errorMessage('UNKNOWN_CHANNEL', { channel: 'number' }) },
    });
    const long = 'x'.repeat(101);
    expect(await rpc(OURS, long, {}, {})).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL', message: errorMessage('UNKNOWN_CHANNEL', { channel: 'x'.repeat(100) }) },
    });
    expect(kiosk.calls).toEqual([]);
  });

  it('turns a throwing or rejecting dispatch into INTERNAL', async () => {
    const rejecting = createRpcHandler(
      fakeKiosk(() => Promise.reject(new Error('disk on fire'))),
    );
    const throwing = createRpcHandler(
      {
        dispatch() {
          throw new Error('sync failure');
        },
      },
    );
    const internal = { ok: false, error: { code: 'INTERNAL', message: errorMessage('INTERNAL') } };
    const silence = console.error;
    console.error = () => {};
    try {
      expect(await rejecting(OURS, 'auth.me', {}, {})).toEqual(internal);
      expect(await throwing(OURS, 'auth.me', {}, {})).toEqual(internal);
    } finally {
      console.error = silence;
    }
  });

  it('sends dispatch only the known meta fields', async () => {
    const kiosk = okKiosk();
    await createRpcHandler(kiosk)(OURS, 'auth.me', {}, { operatorToken: 't', lang: 'fr', role: 'admin' });
    expect(kiosk.calls[0]?.meta).toEqual({ operatorToken: 't' });
  });
});

describe('cleanMeta', () => {
  it('keeps a string token and a known language', () => {
    expect(cleanMeta({ operatorToken: 'abc', lang: 'pt-PT' })).toEqual({ operatorToken: 'abc', lang: 'pt-PT' });
    expect(cleanMeta({ lang: 'en' })).toEqual({ lang: 'en' });
    // A command's Idempotency-Key goes on to the dispatcher, which checks its form.
    expect(cleanMeta({ operatorToken: 'abc', idempotencyKey: 'sale-0001-abcd' })).toEqual({ operatorToken: 'abc', idempotencyKey: 'sale-0001-abcd' });
    expect(cleanMeta({ idempotencyKey: 42 })).toEqual({});
  });

  it('drops everything else', () => {
    expect(cleanMeta(undefined)).toEqual({});
    expect(cleanMeta(null)).toEqual({});
    expect(cleanMeta('token')).toEqual({});
    expect(cleanMeta({ operatorToken: 12, lang: 'EN' })).toEqual({});
    expect(cleanMeta({ operatorToken: '', lang: 'pt' })).toEqual({});
    expect(cleanMeta({ operatorToken: 't', isAdmin: true, __proto__: { lang: 'en' } })).toEqual({ operatorToken: 't' });
  });
});
