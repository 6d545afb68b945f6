/**
 * The body of `ipcMain.handle(IPC_RPC, ...)`, free of Electron so that it can be
 * tested: check the sender, clean the meta, call the dispatcher, and always
 * resolve to a Result envelope (nothing is thrown across the transport).
 */
import type { CallMeta } from '../../core/bridge.js';
import { errorMessage, type Lang, type Result } from '../../core/errors.js';
import type { Kiosk } from '../kiosk.js';
import { isChannelAllowedForPage, isTrustedSender } from './policy.js';

/** What app.ts extracts from `event.senderFrame`. */
export interface SenderInfo {
  /** null when the frame has already navigated away or been destroyed. */
  frameUrl: string | null;
  isMainFrame: boolean;
}

type RpcHandler = (
  sender: SenderInfo,
  channel: unknown,
  input: unknown,
  meta: unknown,
) => Promise<Result<unknown>>;

const MAX_CHANNEL_LENGTH = 100;

/** Only main frames showing a page of app://kiosk are heard (policy.ts, isTrustedSender). */
export function createRpcHandler(kiosk: Pick<Kiosk, 'dispatch'>): RpcHandler {
  return async (sender, channel, input, meta) => {
    const callMeta = cleanMeta(meta);
    const lang = callMeta.lang ?? 'pt-PT';
    const channelName = typeof channel === 'string' ? channel.slice(0, MAX_CHANNEL_LENGTH) : String(typeof channel);

    if (!isTrustedSender(sender.frameUrl, sender.isMainFrame)) {
      return {
        ok: false,
        error: {
          code: 'FORBIDDEN',
          message: errorMessage('FORBIDDEN', { channel: channelName, roles: noRoles(lang) }, lang),
          details: { reason: 'untrusted-sender' },
        },
      };
    }
    // The hall board's window reads the board and nothing else, whatever it asks.
    if (typeof channel === 'string' && !isChannelAllowedForPage(sender.frameUrl, channel)) {
      return {
        ok: false,
        error: {
          code: 'FORBIDDEN',
          message: errorMessage('FORBIDDEN', { channel: channelName, roles: noRoles(lang) }, lang),
          details: { reason: 'board-window' },
        },
      };
    }
    if (typeof channel !== 'string' || channel.length > MAX_CHANNEL_LENGTH) {
      return {
        ok: false,
        error: { code: 'UNKNOWN_CHANNEL', message: errorMessage('UNKNOWN_CHANNEL', { channel: channelName }, lang) },
      };
    }
    try {
      return await kiosk.dispatch(channel, input, callMeta);
    } catch (error) {
      // dispatch promises never to throw; if it does, the renderer still gets an envelope.
      console.error('kiosk.dispatch threw for', channel, error);
      return { ok: false, error: { code: 'INTERNAL', message: errorMessage('INTERNAL', {}, lang) } };
    }
  };
}

/**
 * Keep only the known meta fields with the right types: the renderer is not
 * trusted to send well-formed objects.
 */
export function cleanMeta(meta: unknown): CallMeta {
  const out: CallMeta = {};
  if (typeof meta !== 'object' || meta === null) return out;
  const record = meta as Record<string, unknown>;
  // Own properties only: nothing inherited counts as sent.
  const token = Object.hasOwn(record, 'operatorToken') ? record.operatorToken : undefined;
  if (typeof token === 'string' && token !== '') out.operatorToken = token;
  const lang = Object.hasOwn(record, 'lang') ? record.lang : undefined;
  if (lang === 'pt-PT' || lang === 'en') out.lang = lang;
  // A command's Idempotency-Key: its form is the dispatcher's to check (IDEMPOTENCY_KEY_INVALID).
  const key = Object.hasOwn(record, 'idempotencyKey') ? record.idempotencyKey : undefined;
  if (typeof key === 'string' && key !== '') out.idempotencyKey = key;
  return out;
}

function noRoles(lang: Lang): string {
  return lang === 'en' ? 'none (untrusted window)' : 'nenhum (janela não autorizada)';
}
