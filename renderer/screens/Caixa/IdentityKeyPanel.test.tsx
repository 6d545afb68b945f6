/**
 * Whose key digests the identity documents (Lei n.º 83/2017, art. 76.º), in
 * words: none yet, the hall's own with what it keyed, the group's.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOfTestId } from '../../../test/html.js';
import { i18n, initI18n } from '../../i18n/index.js';
import { IdentityKeyState } from './IdentityKeyPanel.js';

beforeAll(() => {
  initI18n('pt-PT');
});
afterAll(async () => {
  await i18n.changeLanguage('pt-PT');
});

const text = (s: Parameters<typeof IdentityKeyState>[0]['s']) => textOfTestId(renderToStaticMarkup(<IdentityKeyState s={s} />), 'identity-key-state');

describe('the identification key, said', () => {
  it('none yet, the hall’s own, the group’s', async () => {
    expect(text({ source: 'none', fingerprint: null, setAt: null, keyed: 0 })).toBe(
      'Ainda sem chave: a primeira identificação tira a chave própria da sala, se a do grupo não for instalada antes.',
    );
    expect(text({ source: 'hall', fingerprint: '4bb0 6f8e 4e3a 7715', setAt: '2026-11-30T20:00:00.000Z', keyed: 3 })).toBe(
      'Chave própria da sala (impressão digital 4bb0 6f8e 4e3a 7715), desde 30/11/2026, 20:00: 3 registos feitos com ela.',
    );
    expect(text({ source: 'group', fingerprint: '4bb0 6f8e 4e3a 7715', setAt: '2026-11-30T20:00:00.000Z', keyed: 1 })).toBe(
      'Chave do grupo (impressão digital 4bb0 6f8e 4e3a 7715), instalada em 30/11/2026, 20:00: 1 registo feito com ela.',
    );
    await i18n.changeLanguage('en');
    expect(text({ source: 'group', fingerprint: '4bb0 6f8e 4e3a 7715', setAt: '2026-11-30T20:00:00.000Z', keyed: 0 })).toBe(
      "The group's key (fingerprint 4bb0 6f8e 4e3a 7715), installed 30/11/2026, 20:00: 0 records made with it.",
    );
  });
});
