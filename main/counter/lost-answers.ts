/**
 * The outcome of a keyed command whose answer was lost (issue 37), as a counter's link finds it out (link.ts):
 * the key is unknown, across calls, until the hall answers for it; meanwhile every failure for it says the
 * answer is lost, never that nothing was done. When the hall answers again, and meanwhile as a probe, the hall
 * is asked `command.outcome` for each such key (a look-up that gives a key the hall never received up, never a
 * resend that could act); its fact settles the key (outcomes.ts) and the screens are told.
 */
import type { Lang, Result } from '../../core/errors.js';
import type { CommandOutcome } from '../../core/audit/contract.js';
import type { Carry, HallCall } from './carry.js';
import type { LinkStateKeeper } from './link-state.js';
import type { OutcomeMemory } from './outcomes.js';
import { RECONNECT_MAX_MS } from './stream.js';

/** A key of unknown outcome is asked of the hall after this, doubling to RECONNECT_MAX_MS, until it answers. */
const PROBE_MIN_MS = 250;
const COMMAND_OUTCOME = 'command.outcome';
/** Refusals that are the hall's fact about a key: given up (not done), done with its answer lost, done for another input. */
const KEY_FACTS: Readonly<Partial<Record<string, 'done' | 'not_done'>>> = {
  COMMAND_GIVEN_UP: 'not_done',
  IDEMPOTENCY_ANSWER_LOST: 'done',
  IDEMPOTENCY_KEY_REUSED: 'done',
};

interface LostAnswersDeps {
  carry: Carry;
  outcomes: OutcomeMemory;
  link: Pick<LinkStateKeeper, 'hallNow' | 'changed' | 'refusal' | 'unreachable'>;
  /** A look-up's own budget when no call waits for it (a probe, the link back). */
  budgetMs: number;
  isClosed(): boolean;
  logError(error: unknown, where: string): void;
}

export interface LostAnswers {
  /** A keyed command: "lost" for as long as its outcome is unknown, and settled by the hall's first answer for its key. */
  carryKeyed(call: HallCall & { key: string; channel: string }): Promise<Result<unknown>>;
  /** Each key of unknown outcome (not being carried now) asked of the hall, one at a time; again after this round if asked meanwhile. */
  resolveUnknown(): Promise<void>;
  /** The next probe, unless one is due or under way or no key waits. */
  scheduleProbe(): void;
  /** No more probes. */
  close(): void;
}

export function createLostAnswers(d: LostAnswersDeps): LostAnswers {
  const { carry, outcomes, link } = d;
  /** Keys being carried now: their own call settles them, the look-up leaves them alone. */
  const carrying = new Set<string>();

  /** The hall answered for a key: its outcome, unknown until now, is settled and the screens told. */
  function settle(key: string, channel: string, outcome: 'done' | 'not_done', value?: unknown): void {
    if (outcomes.settle(key, channel, outcome, link.hallNow(), value)) link.changed(false);
  }

  /** The hall's fact for a key, asked with command.outcome (null: no answer, the outcome stays unknown). */
  async function lookUp(key: string, channel: string, deadline: number, lang: Lang): Promise<CommandOutcome | null> {
    const r = await carry({
      path: `/rpc/${COMMAND_OUTCOME}`,
      body: JSON.stringify({ key, channel }),
      headers: { 'Content-Type': 'application/json', 'X-Lang': lang },
      deadline,
      // Asked again after a lost answer: the second asking finds what the first did (the key given up or kept).
      repeatable: true,
      lang,
    });
    if (!r.ok) {
      if (r.error.code !== 'HALL_UNREACHABLE') d.logError(new Error(`${COMMAND_OUTCOME} ${key}: ${r.error.code}`), 'outcome look-up');
      return null;
    }
    const o = r.value as CommandOutcome;
    if (o.outcome === 'done') settle(key, o.channel, 'done', o.value);
    else settle(key, channel, 'not_done');
    return o;
  }

  async function carryKeyed(call: HallCall & { key: string; channel: string }): Promise<Result<unknown>> {
    const { key, channel, deadline, lang } = call;
    const result = await carry({ ...call, repeatable: true });
    if (!result.ok && result.error.code === 'HALL_UNREACHABLE') return result;
    if (result.ok) {
      settle(key, channel, 'done', result.value);
      return result;
    }
    const fact = KEY_FACTS[result.error.code];
    if (fact) {
      settle(key, channel, fact, null);
      return result;
    }
    if (!outcomes.isUnknown(key)) return result;
    // A refusal that says nothing of the key (checked before it: a session the hall forgot in a restart) while an
    // earlier copy may have been done: the hall is asked for the key itself, and that answer is the call's.
    const o = await lookUp(key, channel, Math.max(deadline, Date.now() + 1_000), lang);
    if (o === null) return link.unreachable(lang, 'lost');
    // Done, as another command (a key used twice): that act's answer is no answer to this one.
    if (o.outcome === 'done' && o.channel !== channel) return link.refusal('IDEMPOTENCY_KEY_REUSED', lang, { channel: o.channel });
    if (o.outcome === 'done' && !o.answerLost) return { ok: true, value: o.value };
    if (o.outcome === 'done') return link.refusal('IDEMPOTENCY_ANSWER_LOST', lang, { channel });
    return result;
  }

  const probe = keyProbe({
    waiting: () => outcomes.unknown().filter((o) => !carrying.has(o.key)),
    lookUp: (key, channel) => lookUp(key, channel, Date.now() + d.budgetMs, 'pt-PT'),
    isClosed: d.isClosed,
  });

  return {
    async carryKeyed(call) {
      carrying.add(call.key);
      try {
        return await carryKeyed(call);
      } finally {
        carrying.delete(call.key);
        // Left unknown: asked of the hall as soon as it answers, and meanwhile probed (a silent hall never says it is back).
        if (outcomes.isUnknown(call.key)) probe.schedule();
      }
    },
    resolveUnknown: probe.resolve,
    scheduleProbe: probe.schedule,
    close: probe.close,
  };
}

/**
 * Each key of unknown outcome (not being carried now) asked of the hall, one at a time: at once when the hall
 * answers again, and meanwhile as a probe, from PROBE_MIN_MS doubling to RECONNECT_MAX_MS (a hall whose event
 * stream stayed open while it swallowed our requests would otherwise be taken for back only at its next keep-alive).
 */
function keyProbe(d: {
  /** The keys of unknown outcome not being carried now. */
  waiting(): readonly { key: string; channel: string }[];
  /** The hall asked for a key's fact (null: no answer). */
  lookUp(key: string, channel: string): Promise<CommandOutcome | null>;
  isClosed(): boolean;
}): { resolve(): Promise<void>; schedule(): void; close(): void } {
  let resolving: Promise<void> | null = null;
  let resolveAgain = false;
  let probeTimer: ReturnType<typeof setTimeout> | null = null;
  let probeDelay = PROBE_MIN_MS;
  function schedule(): void {
    if (d.isClosed() || probeTimer !== null || resolving || d.waiting().length === 0) return;
    probeTimer = setTimeout(() => {
      probeTimer = null;
      void resolve();
    }, probeDelay);
    probeDelay = Math.min(probeDelay * 2, RECONNECT_MAX_MS);
  }
  function resolve(): Promise<void> {
    if (resolving) {
      resolveAgain = true;
      return resolving;
    }
    if (probeTimer !== null) clearTimeout(probeTimer);
    probeTimer = null;
    resolving = (async () => {
      do {
        resolveAgain = false;
        for (const o of d.waiting()) {
          if (d.isClosed()) return;
          // No answer: the hall is out of reach again; the rest wait for the next answer or probe.
          if ((await d.lookUp(o.key, o.channel)) === null) return;
        }
      } while (resolveAgain && !d.isClosed());
    })().finally(() => {
      resolving = null;
      if (d.waiting().length === 0) probeDelay = PROBE_MIN_MS;
      else schedule();
    });
    return resolving;
  }
  return {
    resolve,
    schedule,
    close() {
      if (probeTimer !== null) clearTimeout(probeTimer);
    },
  };
}
