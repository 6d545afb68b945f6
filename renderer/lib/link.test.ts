/**
 * A counter's link on every screen (issue 24, point 6): the banners from
 * link.status, rendered in each language; a standalone kiosk shows none;
 * a sale whose answer the counter lost keeps its key.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerLost } from '../client.js';
import { LinkBanners } from '../components/LinkBanner.js';
import { i18n, initI18n } from '../i18n/index.js';
import { linkBanners, skewAmount } from './link.js';

beforeAll(() => {
  initI18n('pt-PT');
});
afterAll(async () => {
  await i18n.changeLanguage('pt-PT');
});

// 21:05 in Lisbon (winter: UTC).
const SINCE = '2026-12-01T21:05:30.000Z';
const up = { mode: 'counter', link: 'up', since: SINCE, lastError: null, skewMs: 400, clockOff: false } as const;

describe('linkBanners', () => {
  it('shows nothing for a standalone kiosk, a link up with its clock right, or no answer yet', () => {
    expect(linkBanners(undefined, 'Europe/Lisbon')).toEqual([]);
    expect(linkBanners({ mode: 'standalone' }, 'Europe/Lisbon')).toEqual([]);
    expect(linkBanners(up, 'Europe/Lisbon')).toEqual([]);
    // Before the first answer the link is down with no time yet: nothing to say.
    expect(linkBanners({ ...up, link: 'down', since: null, skewMs: null }, 'Europe/Lisbon')).toEqual([]);
  });

  it('says the link is down since when, on the hall\'s clock (summer time too)', () => {
    expect(linkBanners({ ...up, link: 'down', lastError: 'ECONNREFUSED' }, 'Europe/Lisbon')).toEqual([{ kind: 'down', time: '21:05' }]);
    expect(linkBanners({ ...up, link: 'down', since: '2026-07-01T08:00:00.000Z' }, 'Europe/Lisbon')).toEqual([{ kind: 'down', time: '09:00' }]);
    // A hall in the Azores: an hour behind Lisbon, all year.
    expect(linkBanners({ ...up, link: 'down' }, 'Atlantic/Azores')).toEqual([{ kind: 'down', time: '20:05' }]);
    expect(linkBanners({ ...up, link: 'down', since: '2026-07-01T08:00:00.000Z' }, 'Atlantic/Azores')).toEqual([{ kind: 'down', time: '08:00' }]);
  });

  it('says the clock is off, ahead or behind, and both when both', () => {
    expect(linkBanners({ ...up, skewMs: 45_000, clockOff: true }, 'Europe/Lisbon')).toEqual([{ kind: 'clock', amount: '45 s', ahead: true }]);
    expect(linkBanners({ ...up, skewMs: -720_000, clockOff: true }, 'Europe/Lisbon')).toEqual([{ kind: 'clock', amount: '12 min', ahead: false }]);
    expect(linkBanners({ ...up, link: 'down', skewMs: 45_000, clockOff: true }, 'Europe/Lisbon')).toEqual([
      { kind: 'down', time: '21:05' },
      { kind: 'clock', amount: '45 s', ahead: true },
    ]);
  });

  it('words a clock difference as a person reads it', () => {
    expect(skewAmount(31_400)).toBe('31 s');
    expect(skewAmount(-119_000)).toBe('119 s');
    expect(skewAmount(125_000)).toBe('2 min');
    expect(skewAmount(11_100_000)).toBe('3 h 05 min');
  });
});

describe('the banners', () => {
  const html = () => renderToStaticMarkup(createElement(LinkBanners, { banners: linkBanners({ ...up, link: 'down', skewMs: -45_000, clockOff: true }, 'Europe/Lisbon') }));

  it('render in pt-PT', async () => {
    await i18n.changeLanguage('pt-PT');
    expect(html()).toBe(
      '<p id="hall-link-down" class="banner banner-offline" role="alert" data-testid="hall-link-down">Sem ligação ao servidor da sala desde as 21:05 — nada é vendido até voltar. O balcão volta a ligar-se sozinho.</p>' +
        '<p class="banner banner-warn" role="alert" data-testid="clock-off">O relógio deste posto está 45 s atrasado em relação ao servidor da sala: acerte a hora do posto (chame o técnico). As horas registadas são as da sala.</p>',
    );
  });

  it('render in English', async () => {
    await i18n.changeLanguage('en');
    expect(html()).toBe(
      '<p id="hall-link-down" class="banner banner-offline" role="alert" data-testid="hall-link-down">No link to the hall server since 21:05 — nothing is sold until it is back. The counter reconnects by itself.</p>' +
        '<p class="banner banner-warn" role="alert" data-testid="clock-off">This post&#x27;s clock is 45 s behind the hall server&#x27;s: set the post&#x27;s time (call the technician). The times recorded are the hall&#x27;s.</p>',
    );
  });

  it('are gone once the link is back (the same component, the next state)', () => {
    expect(renderToStaticMarkup(createElement(LinkBanners, { banners: linkBanners(up, 'Europe/Lisbon') }))).toBe('');
  });
});

describe('a sale whose answer the counter lost', () => {
  const refusal = (answer: string) => ({ ok: false as const, error: { code: 'HALL_UNREACHABLE' as const, message: 'Sem ligação…', details: { since: SINCE, answer } } });
  it('is an answer lost (the screen keeps its key) when the request reached the hall; not when nothing was sent', () => {
    expect(answerLost(refusal('lost'))).toBe(true);
    expect(answerLost(refusal('none'))).toBe(false);
  });
});
