/**
 * One call carried to the hall by a counter's link (link.ts) within its deadline: sent, and sent again after
 * a lost answer while the deadline lasts when it is safe to repeat (a query, a keyed command), pausing from 50
 * to 500 ms between tries; never twice otherwise. Every answer takes the link up and every failure down; a
 * keyed request that may have reached the hall makes its key's outcome unknown (outcomes.ts).
 */
import type { Lang, Result } from '../../core/errors.js';
import type { LinkStateKeeper } from './link-state.js';
import type { OutcomeMemory } from './outcomes.js';
import { postOnce, type HallWire } from './transport.js';

/** A call as it goes to the hall: its path, body and headers, its deadline (ms, this machine's clock), the language of the refusals. */
export interface HallCall {
  path: string;
  body: string;
  headers: Record<string, string>;
  deadline: number;
  /** Sent again after a lost answer (a query, a keyed command, a look-up): never a command without a key. */
  repeatable: boolean;
  lang: Lang;
  /** A keyed command's key and channel: its outcome becomes unknown once a request may have reached the hall. */
  key?: string;
  channel?: string;
}

interface CarryDeps {
  wire: HallWire;
  link: Pick<LinkStateKeeper, 'markUp' | 'markDown' | 'isDown' | 'hallNow' | 'unreachable'>;
  outcomes: Pick<OutcomeMemory, 'isUnknown' | 'lost'>;
  /** A call was answered (`wasDown`: the link was down until now): the event stream may be opened at once. */
  afterAnswer(wasDown: boolean): void;
  isClosed(): boolean;
}

export type Carry = (call: HallCall) => Promise<Result<unknown>>;

export function createCarry(d: CarryDeps): Carry {
  return async function carry({ path, body, headers, deadline, repeatable, lang, key, channel }) {
    // A key whose outcome is unknown stays so whatever this call meets: its failures say "lost", never "none".
    let lost = key !== undefined && d.outcomes.isUnknown(key);
    let pause = 50;
    for (;;) {
      if (d.isClosed()) break;
      const a = await postOnce(d.wire, path, body, headers, deadline - Date.now());
      if (a.kind === 'answer') {
        const wasDown = d.link.isDown();
        d.link.markUp();
        d.afterAnswer(wasDown);
        return a.result;
      }
      d.link.markDown(a.error);
      lost ||= a.written;
      // The request may be at the hall: from now its outcome is unknown until the hall answers for the key.
      if (a.written && key !== undefined && channel !== undefined) d.outcomes.lost(key, channel, d.link.hallNow());
      // Not sent at all (refused, unreachable, a TLS failure): nothing to find out by trying again within the call.
      if (!a.written || !repeatable) break;
      if (Date.now() + pause >= deadline) break;
      await new Promise((r) => setTimeout(r, pause));
      pause = Math.min(pause * 2, 500);
    }
    return d.link.unreachable(lang, lost ? 'lost' : 'none');
  };
}
