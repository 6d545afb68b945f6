import { describe, expect, it } from 'vitest';
import type { Topic } from '../../core/contract.js';
import { addCredit, CREDIT_MS, OWN_EVENT_MS, OwnCommands, settleBatch, touches, type ClientEvent } from './topics.js';

const AT = '2026-01-10T21:00:00.000Z';
const changed = (channel: string, topics: Topic[], own?: boolean): ClientEvent => ({ type: 'changed', channel, topics, at: AT, ...(own ? { own } : {}) });
const reconnected: ClientEvent = { type: 'reconnected', at: AT };

describe('touches: a query is fetched again when an event names one of its topics', () => {
  it('a sale touches the game list and the recent sales, not the settings, the board or the print jobs', () => {
    const sale = changed('sale.create', ['sales']);
    expect(touches('session.current', sale)).toBe(true);
    expect(touches('sale.list', sale)).toBe(true);
    expect(touches('series.list', sale)).toBe(true);
    expect(touches('settings.get', sale)).toBe(false);
    expect(touches('game.board', sale)).toBe(false);
    expect(touches('print.jobs', sale)).toBe(false);
    expect(touches('setup.status', sale)).toBe(false);
  });
  it('a ball touches the board; the first ball (game) also the game list', () => {
    expect(touches('game.board', changed('game.drawBall', ['draw']))).toBe(true);
    expect(touches('session.current', changed('game.drawBall', ['draw']))).toBe(false);
    expect(touches('session.current', changed('game.drawBall', ['draw', 'game']))).toBe(true);
    expect(touches('prize.list', changed('game.drawBall', ['draw']))).toBe(false);
  });
  it("the print queue's progress touches the print jobs only", () => {
    const printed = changed('print.queue', ['print']);
    expect(touches('print.jobs', printed)).toBe(true);
    expect(touches('printer.list', printed)).toBe(false);
    expect(touches('session.current', printed)).toBe(false);
  });
  it('the hall set up or renamed touches the set-up status', () => {
    expect(touches('setup.status', changed('setup.init', ['hall', 'users', 'settings']))).toBe(true);
    expect(touches('setup.status', changed('settings.update', ['hall', 'settings']))).toBe(true);
    expect(touches('setup.status', changed('users.create', ['users']))).toBe(false);
  });
  it('an event without topics touches nothing; a lost stream touches everything', () => {
    expect(touches('session.current', changed('auth.logout', []))).toBe(false);
    expect(touches('session.current', reconnected)).toBe(true);
    expect(touches('audit.verify', reconnected)).toBe(true);
  });
});

describe('settleBatch: own events the screen applied spend a credit instead of a fetch', () => {
  const now = 1_000_000;
  it('no credit: fetch', () => {
    expect(settleBatch([changed('sale.create', ['sales'], true)], [], now)).toEqual({ fetch: true, credits: [] });
  });
  it('own event with its credit: no fetch, the credit spent', () => {
    const credits = addCredit([], 'sale.create', now);
    expect(credits).toEqual([{ channel: 'sale.create', until: now + CREDIT_MS }]);
    expect(settleBatch([changed('sale.create', ['sales'], true)], credits, now + 10)).toEqual({ fetch: false, credits: [] });
  });
  it("another terminal's event of the same channel fetches and leaves the credit", () => {
    const credits = addCredit([], 'sale.create', now);
    expect(settleBatch([changed('sale.create', ['sales'])], credits, now + 10)).toEqual({ fetch: true, credits });
  });
  it('a batch with an own event and another terminal’s: fetch, the credit spent', () => {
    const credits = addCredit([], 'sale.create', now);
    const batch = [changed('sale.create', ['sales'], true), changed('sale.create', ['sales'])];
    expect(settleBatch(batch, credits, now + 10)).toEqual({ fetch: true, credits: [] });
  });
  it('a credit of another channel does not cover the event', () => {
    const credits = addCredit([], 'sale.voidLast', now);
    expect(settleBatch([changed('sale.create', ['sales'], true)], credits, now + 10)).toEqual({ fetch: true, credits });
  });
  it('one credit covers one event: a second own event fetches', () => {
    const credits = addCredit([], 'game.drawBall', now);
    const batch = [changed('game.drawBall', ['draw'], true), changed('game.drawBall', ['draw'], true)];
    expect(settleBatch(batch, credits, now + 10)).toEqual({ fetch: true, credits: [] });
  });
  it('an expired credit covers nothing and is dropped', () => {
    const credits = addCredit([], 'sale.create', now);
    expect(settleBatch([changed('sale.create', ['sales'], true)], credits, now + CREDIT_MS)).toEqual({ fetch: true, credits: [] });
    expect(addCredit(credits, 'game.claim', now + CREDIT_MS)).toEqual([{ channel: 'game.claim', until: now + 2 * CREDIT_MS }]);
  });
  it('a lost stream always fetches; an empty batch never does', () => {
    expect(settleBatch([reconnected], addCredit([], 'sale.create', now), now).fetch).toBe(true);
    expect(settleBatch([], [], now)).toEqual({ fetch: false, credits: [] });
  });
});

describe('OwnCommands: which events are this window’s own', () => {
  const now = 2_000_000;
  it('the event before the answer (the usual order) is own; the next of that channel is not', () => {
    const own = new OwnCommands();
    const call = own.sent('sale.create');
    expect(own.isOwn('sale.create', now)).toBe(true);
    expect(own.answered(call, true, now)).toBe(false);
    expect(own.isOwn('sale.create', now)).toBe(false);
    expect(own.waiting).toBe(0);
  });
  it('the event after the answer is own, within OWN_EVENT_MS', () => {
    const own = new OwnCommands();
    const call = own.sent('game.drawBall');
    expect(own.answered(call, true, now)).toBe(true);
    expect(own.waiting).toBe(1);
    expect(own.isOwn('print.queue', now)).toBe(false);
    expect(own.isOwn('game.drawBall', now + OWN_EVENT_MS - 1)).toBe(true);
    expect(own.waiting).toBe(0);
  });
  it('past OWN_EVENT_MS the event is taken for another terminal’s', () => {
    const own = new OwnCommands();
    own.answered(own.sent('game.drawBall'), true, now);
    expect(own.isOwn('game.drawBall', now + OWN_EVENT_MS)).toBe(false);
    expect(own.waiting).toBe(0);
  });
  it('a refused command waits for no event', () => {
    const own = new OwnCommands();
    expect(own.answered(own.sent('sale.create'), false, now)).toBe(true);
    expect(own.isOwn('sale.create', now)).toBe(false);
  });
  it('two commands of a channel: two own events, then none', () => {
    const own = new OwnCommands();
    const a = own.sent('sale.create');
    const b = own.sent('sale.create');
    expect(own.isOwn('sale.create', now)).toBe(true);
    expect(own.answered(a, true, now)).toBe(false);
    expect(own.answered(b, true, now)).toBe(true);
    expect(own.isOwn('sale.create', now)).toBe(true);
    expect(own.isOwn('sale.create', now)).toBe(false);
  });
  it('after a lost stream, answered commands wait no more; those under way still do', () => {
    const own = new OwnCommands();
    own.answered(own.sent('sale.create'), true, now);
    own.sent('game.claim');
    own.lost();
    expect(own.isOwn('sale.create', now)).toBe(false);
    expect(own.isOwn('game.claim', now)).toBe(true);
  });
});
