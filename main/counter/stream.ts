/**
 * The hall's event stream as a counter reads it (link.ts): opened at the start, made again with a back-off
 * when it drops, given up when silent, opened at once when a call finds the hall back; each event the hall
 * sends is handed on. The link's state (up, down, since when) is the link's: the stream only tells it.
 */
import type { KioskEvent } from '../../core/events.js';
import { causeOf, takeFrames, type HallWire } from './transport.js';

/** The event stream's reconnection: from this, doubling, to RECONNECT_MAX_MS. */
export const RECONNECT_MIN_MS = 100;
export const RECONNECT_MAX_MS = 2_000;
/** The hall's stream sends a comment every EVENT_STREAM_PING_MS (5 s): silent longer than this, it is taken for dead (a cable cut sends no FIN). */
export const STREAM_IDLE_MS = 12_000;
/**
 * A stream's request unanswered this long is given up and made again: the hall answers its headers at once, so
 * one swallowed on its way (a blackhole, a hung hall) would otherwise leave the screens deaf for STREAM_IDLE_MS.
 */
export const STREAM_OPEN_MS = 3_000;
/** A stream's request younger than this is left to be answered when a call is (it went out with the link back). */
const STREAM_FRESH_MS = 500;

interface HallStreamDeps {
  wire: HallWire;
  /** The stream's path on the hall (`/events`; browser mode wants `/events?token=`). */
  path: string;
  /** False: no stream at all (the link's `events: false`). */
  enabled: boolean;
  isClosed(): boolean;
  /** When the link last went down (ms, this machine's clock): a stream not heard from since may be dead. */
  downSince(): number;
  markUp(missed?: boolean): void;
  markDown(error: string): void;
  emit(event: KioskEvent): void;
  logError(error: unknown, where: string): void;
}

interface HallStream {
  open(): void;
  /**
   * A call was answered (`wasDown`: the link was down until now): the hall is there, so a stream waiting out
   * its back-off is opened now, and one not heard from since the link went down is made again.
   */
  afterAnswer(wasDown: boolean): void;
  /** Its request ended, its reconnection stopped. */
  close(): void;
}

export function createHallStream(d: HallStreamDeps): HallStream {
  /** The stream now: its request, whether the hall answered it (open), when it last heard the hall. */
  let stream: StreamRequest | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let backoff = RECONNECT_MIN_MS;
  /** Events may have been missed: no stream open since the start, or since the last one dropped. */
  let missed = true;

  function scheduleStream(): void {
    if (d.isClosed() || retryTimer !== null) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      openStream();
    }, backoff);
    backoff = Math.min(backoff * 2, RECONNECT_MAX_MS);
  }

  /**
   * A call was answered (`wasDown`: the link was down until now): the hall is there, so a stream waiting out
   * its back-off is opened now, and one not heard from since the link went down (a request swallowed, a
   * connection dead without a word) is made again rather than waited on; either way the screens fetch
   * everything once it opens.
   */
  function streamAfterAnswer(wasDown: boolean): void {
    if (d.isClosed() || !d.enabled) return;
    if (retryTimer !== null) {
      clearTimeout(retryTimer);
      retryTimer = null;
      openStream();
      return;
    }
    if (!wasDown || stream === null) return;
    if (stream.open ? stream.heardAt >= d.downSince() : Date.now() - stream.sentAt < STREAM_FRESH_MS) return;
    stream.end();
    stream = null;
    missed = true;
    openStream();
  }

  function openStream(): void {
    if (d.isClosed()) return;
    const me: StreamRequest = sendStreamRequest(d, {
      opened() {
        backoff = RECONNECT_MIN_MS;
        // Whatever happened while no stream was open, the screens have not heard: they fetch everything again.
        const wasMissed = missed;
        missed = false;
        d.markUp(wasMissed);
      },
      dropped(error, waited) {
        if (stream === me) stream = null;
        if (d.isClosed()) return;
        missed = true;
        d.markDown(causeOf(error));
        // Given up after waiting STREAM_OPEN_MS: that wait was the pause, the next request goes at once.
        if (waited) backoff = RECONNECT_MIN_MS;
        scheduleStream();
      },
    });
    stream = me;
  }

  return {
    open: openStream,
    afterAnswer: streamAfterAnswer,
    close() {
      if (retryTimer !== null) clearTimeout(retryTimer);
      retryTimer = null;
      stream?.end();
      stream = null;
    },
  };
}

/** One request of the stream: whether the hall answered it (open), when it last heard the hall. */
interface StreamRequest {
  open: boolean;
  heardAt: number;
  sentAt: number;
  done: boolean;
  /** Given up by us: no more of it is read, and its end is no drop. */
  end(): void;
}

interface StreamRequestEvents {
  /** The hall answered it 200: the stream is open. */
  opened(): void;
  /** It ended by itself, failed or went silent (never after `end`); `waited`: given up unanswered after STREAM_OPEN_MS. */
  dropped(error: unknown, waited: boolean): void;
}

/** A stream's request sent: watched for silence, its events handed on (d.emit) and each word from the hall taken for the link up. */
function sendStreamRequest(d: HallStreamDeps, on: StreamRequestEvents): StreamRequest {
  let idle: ReturnType<typeof setTimeout> | null = null;
  const drop = (error: unknown, waited = false) => {
    if (me.done) return;
    me.end();
    on.dropped(error, waited);
  };
  /** Quiet for `ms` (before its answer: STREAM_OPEN_MS; then STREAM_IDLE_MS), the stream is dead. */
  const alive = (ms: number) => {
    if (idle) clearTimeout(idle);
    idle = setTimeout(() => drop(new Error(me.open ? 'stream silent' : 'stream unanswered'), !me.open), ms);
  };
  const req = d.wire.request(new URL(d.path, d.wire.base), {
    method: 'GET',
    agent: d.wire.agent,
    headers: { ...d.wire.headers, Accept: 'text/event-stream' },
  });
  const me: StreamRequest = {
    open: false,
    heardAt: 0,
    sentAt: Date.now(),
    done: false,
    end() {
      me.done = true;
      if (idle) clearTimeout(idle);
      req.destroy();
    },
  };
  // Connecting counts as silence too: a hall that accepts and never answers is dead.
  alive(STREAM_OPEN_MS);
  req.on('error', drop);
  req.on('response', (res) => {
    if (me.done) {
      res.resume();
      return;
    }
    d.wire.readDate(res);
    if (res.statusCode !== 200) {
      res.resume();
      drop(new Error(`events refused (HTTP ${res.statusCode})`));
      return;
    }
    me.open = true;
    me.heardAt = Date.now();
    on.opened();
    alive(STREAM_IDLE_MS);
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (text: string) => {
      if (me.done) return;
      me.heardAt = Date.now();
      alive(STREAM_IDLE_MS);
      // The hall speaks (an event, its keep-alive): it is up, though a call of ours timed out meanwhile.
      d.markUp();
      const frames = takeFrames(buffer + text);
      buffer = frames.rest;
      handOn(d, frames.data);
    });
    res.on('end', () => drop(new Error('stream ended')));
    res.on('close', () => drop(new Error('stream cut')));
    res.on('error', drop);
  });
  req.end();
  return me;
}

/** The hall's events in the frames read, handed on to the counter's screens (a frame not understood is logged). */
function handOn(d: HallStreamDeps, frames: readonly string[]): void {
  for (const data of frames) {
    try {
      const event = JSON.parse(data) as KioskEvent;
      if (event && (event.type === 'changed' || event.type === 'progress')) d.emit(event);
    } catch (e) {
      d.logError(e, 'hall event');
    }
  }
}
