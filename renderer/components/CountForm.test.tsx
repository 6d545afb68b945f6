/** The count by denomination rendered to HTML: a row per euro note and coin, the total, nothing expected. */
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { DENOMINATIONS } from '../../core/drawers/rules.js';
import { initI18n } from '../i18n/index.js';
import { CountForm } from './CountForm.js';

beforeAll(() => {
  initI18n('pt-PT');
});

describe('CountForm', () => {
  it('has one labelled count field per denomination, the total and the submit button', () => {
    const html = renderToStaticMarkup(
      <CountForm prefix="close" title="Fecho cego" hint="Conte" submitLabel="Continuar" onSubmit={() => undefined} onCancel={() => undefined} />,
    );
    for (const d of DENOMINATIONS) {
      expect(html).toContain(`data-testid="close-count-${d}"`);
      expect(html).toContain(`<label for="close-count-${d}">`);
    }
    expect(html.match(/data-testid="close-count-\d+"/g)).toHaveLength(15);
    expect(html).toMatch(/data-testid="close-total">0,00 €</);
    expect(html).toContain('>Notas<');
    expect(html).toContain('>Moedas<');
    expect(html).toContain('data-testid="close-submit"');
    expect(html).toContain('data-testid="close-cancel"');
  });
});
