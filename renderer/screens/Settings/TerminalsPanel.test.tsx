/**
 * The enrolment code as the Terminais panel shows it, rendered to HTML in
 * each language: the code, its expiry, the hall server's fingerprint and
 * the counter's command holding both; before the terminals port first
 * started, a word saying so instead of a fingerprint.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.js';
import { EnrolmentCode } from './TerminalsPanel.js';

beforeAll(() => {
  initI18n('pt-PT');
});
afterAll(async () => {
  await i18n.changeLanguage('pt-PT');
});

const FP = `sha256:${'ab'.repeat(32)}`;
const ENROLMENT = { name: 'BALCAO2', code: '07EN-W3AH-RZ6D', expiresAt: '2026-11-30T20:10:00.000Z', hallFingerprint: FP };
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the enrolment code', () => {
  it('shows the code, its expiry, the fingerprint and the command in pt-PT', async () => {
    await i18n.changeLanguage('pt-PT');
    const shown = text(renderToStaticMarkup(<EnrolmentCode enrolment={ENROLMENT} />));
    expect(shown).toContain('Código de inscrição do terminal BALCAO2 (serve uma vez; não volta a ser mostrado):');
    expect(shown).toContain('07EN-W3AH-RZ6D');
    expect(shown).toMatch(/Válido até às \d\d:\d\d \(10 minutos\)\./);
    expect(shown).toContain(`Impressão digital deste servidor: ${FP}`);
    expect(shown).toContain(`npm run counter -- --hall https://ENDEREÇO:PORTA --fingerprint ${FP} --enroll 07EN-W3AH-RZ6D --data-dir PASTA --port 5174`);
  });

  it('says when the terminals port has not started yet, in English', async () => {
    await i18n.changeLanguage('en');
    const shown = text(renderToStaticMarkup(<EnrolmentCode enrolment={{ ...ENROLMENT, hallFingerprint: null }} />));
    expect(shown).toContain('This post has not opened the terminals port yet (npm run hall)');
    expect(shown).toContain('--hall https://ADDRESS:PORT --fingerprint sha256:… --enroll 07EN-W3AH-RZ6D --data-dir FOLDER');
  });
});
