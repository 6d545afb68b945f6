/**
 * Which pushed events call for a query to be fetched again. A command's event
 * names the topics its commit changed; a query's topics in the contract name
 * what its answer reads: a query is fetched again only when they meet, or
 * after the event stream was lost.
 *
 * A screen that already shows its own command's answer (a sale in the recent
 * list, a ball on the board) holds a credit for that command's channel: the
 * event of that command, told apart from other terminals' by OwnCommands,
 * spends the credit instead of causing a fetch. Anything unsure fetches.
 */
import type { Channel, ChangedEvent, Topic } from '../../core/contract.js';
import { CHANNEL_TABLE } from './channels.js';

/** A pushed change (`own`: from a command of this window), or `reconnected` after the stream was lost (fetch everything). */
export type ClientEvent = (ChangedEvent & { own?: boolean }) | { type: 'reconnected'; at: string };

/** Whether `event` may change what the query `query` answers. */
export function touches(query: Channel, event: ClientEvent): boolean {
  if (event.type === 'reconnected') return true;
  const reads: readonly Topic[] = CHANNEL_TABLE[query].topics;
  return event.topics.some((t) => reads.includes(t));
}

/** "The event of my own `channel` command is already on screen", until `until` (ms since the epoch). */
export interface Credit {
  channel: string;
  until: number;
}

/** How long a credit waits for its event: the event comes with the answer, so only a lost one waits this long. */
export const CREDIT_MS = 5000;

export function addCredit(credits: readonly Credit[], channel: string, now: number): Credit[] {
  return [...credits.filter((c) => c.until > now), { channel, until: now + CREDIT_MS }];
}

/**
 * A batch of events (those of one debounce) that touch a query: fetch unless
 * every one is an own event whose answer the screen applied (one credit each).
 */
export function settleBatch(events: readonly ClientEvent[], credits: readonly Credit[], now: number): { fetch: boolean; credits: Credit[] } {
  let left = credits.filter((c) => c.until > now);
  let fetch = false;
  for (const e of events) {
    if (e.type === 'changed' && e.own === true) {
      const i = left.findIndex((c) => c.channel === e.channel);
      if (i >= 0) {
        left = left.filter((_, j) => j !== i);
        continue;
      }
    }
    fetch = true;
  }
  return { fetch, credits: left };
}

/** How long an answered command waits for its event before an event of its channel counts as another terminal's. */
export const OWN_EVENT_MS = 5000;

interface OwnCall {
  channel: string;
  matched: boolean;
  /** Set once answered with a commit: the event may still be on its way until then. */
  waitUntil: number | null;
}

/**
 * This window's commands waiting for their event. Each command sent expects
 * one event of its channel (it may arrive before or after the answer); the
 * first event of that channel is taken as its own. Should another terminal's
 * event of the same channel come first, it is taken for ours and ours for
 * theirs: the fetch then happens one event later, nothing is lost.
 */
export class OwnCommands {
  private calls: OwnCall[] = [];

  /** A command is sent. */
  sent(channel: string): OwnCall {
    const call: OwnCall = { channel, matched: false, waitUntil: null };
    this.calls.push(call);
    return call;
  }

  /** An event arrived: whether it is the event of a command of ours. */
  isOwn(channel: string, now: number): boolean {
    this.drop(now);
    const call = this.calls.find((c) => c.channel === channel && !c.matched);
    if (!call) return false;
    call.matched = true;
    if (call.waitUntil !== null) this.calls = this.calls.filter((c) => c !== call);
    return true;
  }

  /**
   * The command's answer: `expectEvent` false (refused, no answer, or the
   * stream is down) means no event will come for it. Returns whether its
   * event had not arrived yet.
   */
  answered(call: OwnCall, expectEvent: boolean, now: number): boolean {
    const unseen = !call.matched;
    if (call.matched || !expectEvent) this.calls = this.calls.filter((c) => c !== call);
    else call.waitUntil = now + OWN_EVENT_MS;
    return unseen;
  }

  /** The stream was lost: the events of commands already answered will not come. */
  lost(): void {
    this.calls = this.calls.filter((c) => c.waitUntil === null);
  }

  /** Commands still expecting their event (tests). */
  get waiting(): number {
    return this.calls.filter((c) => !c.matched).length;
  }

  private drop(now: number): void {
    this.calls = this.calls.filter((c) => c.waitUntil === null || c.waitUntil > now);
  }
}
