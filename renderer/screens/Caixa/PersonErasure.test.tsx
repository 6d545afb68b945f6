/**
 * The erasure at the end of the legal period (Lei n.º 83/2017, art. 51.º) in
 * words, rendered to HTML from the figures of
 * main/services/compliance/erasure.test.ts: one identification to erase, one
 * older kept for a later act, the last erasure done; and nothing to erase.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOfTestId } from '../../../test/html.js';
import { i18n, initI18n } from '../../i18n/index.js';
import { ErasurePreview } from './PersonErasure.js';

const due = {
  before: '2026-11-30T20:00:01.000Z',
  years: 7,
  persons: 1,
  oldestRecordedAt: '2026-11-30T20:00:00.000Z',
  keptForLaterActs: 1,
  last: { erasureId: 1, at: '2026-06-01T09:00:00.000Z', by: 'gerente', before: '2019-06-01T09:00:00.000Z', persons: 3 },
};

beforeAll(() => {
  initI18n('pt-PT');
});
afterAll(async () => {
  await i18n.changeLanguage('pt-PT');
});

describe('the erasure of identifications, said before it is done', () => {
  it('how many, since when, those kept for a later act, the last erasure', () => {
    const html = renderToStaticMarkup(<ErasurePreview p={due} />);
    expect(textOfTestId(html, 'erasure-rule')).toBe(
      'As identificações e os atos feitos com elas guardam-se 7 anos, contados do último ato (Lei n.º 83/2017, art. 51.º); depois apagam-se o nome, o n.º do documento e a data de nascimento. Os valores ficam nos registos.',
    );
    expect(textOfTestId(html, 'erasure-preview')).toBe(
      '1 identificação anterior a 30/11/2026, 20:00 chegou ao fim do prazo (registada em 30/11/2026). 1 identificação mais antiga fica guardada: um ato feito com ela ainda está dentro do prazo.',
    );
    expect(textOfTestId(html, 'erasure-last')).toBe('Último apagamento: 01/06/2026, 10:00, por gerente, 3 identificações anteriores a 01/06/2019, 10:00.');
  });

  it('nothing to erase, in English', async () => {
    await i18n.changeLanguage('en');
    const html = renderToStaticMarkup(<ErasurePreview p={{ ...due, persons: 0, oldestRecordedAt: null, keptForLaterActs: 0, last: null }} />);
    expect(textOfTestId(html, 'erasure-preview')).toBe('No identification before 30/11/2026, 20:00 is left to erase.');
    expect(textOfTestId(html, 'erasure-last')).toBeNull();
  });
});
