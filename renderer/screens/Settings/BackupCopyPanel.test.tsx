/**
 * The state of the copies off the machine as the Configuração screen shows
 * it, rendered to HTML in each language: the last checked copy's time and
 * sales, and a failure in the screen's language from its code.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.js';
import { BackupCopyFacts } from './BackupCopyPanel.js';

beforeAll(() => {
  initI18n('pt-PT');
});
afterAll(async () => {
  await i18n.changeLanguage('pt-PT');
});

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const LAST = { file: 'kiosk-2026-11-30T20-00-00-000Z.sqlite', bytes: 622_592, sha256: 'ab'.repeat(32), copiedAt: '2026-11-30T20:00:00.000Z', sales: 16 };

describe('the copies off the machine', () => {
  it('shows the last checked copy and a failure in words, in pt-PT', async () => {
    await i18n.changeLanguage('pt-PT');
    const shown = text(
      renderToStaticMarkup(
        <BackupCopyFacts
          state={{ dir: '/media/usb', state: 'failed', lastCopy: LAST, lastAttemptAt: '2026-11-30T21:00:00.000Z', error: { code: 'BACKUP_COPY_DESTINATION_MISSING', params: { dir: '/media/usb', file: LAST.file } } }}
        />,
      ),
    );
    expect(shown).toContain('Falhou');
    expect(shown).toMatch(/Última cópia verificada .*: 16 vendas \(kiosk-2026-11-30T20-00-00-000Z\.sqlite\)/);
    expect(shown).toContain('A pasta das cópias fora da máquina (/media/usb) não existe: o disco ou a partilha não está ligado.');
  });

  it('in English, a copy in order says no failure', async () => {
    await i18n.changeLanguage('en');
    const html = renderToStaticMarkup(<BackupCopyFacts state={{ dir: '/media/usb', state: 'ok', lastCopy: LAST, lastAttemptAt: LAST.copiedAt, error: null }} />);
    expect(text(html)).toContain('In order');
    expect(text(html)).toMatch(/: 16 sales \(kiosk-/);
    expect(html).not.toContain('backup-copy-failure');
  });
});
