/**
 * The enrolment code as the Terminais panel shows it, rendered to HTML in
 * each language: the code, its expiry, the hall server's fingerprint and
 * the counter's command holding them with the hall's own address and a data
 * folder (copied as is, no placeholder); before the terminals port first
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
const ENROLMENT = {
  name: 'BALCAO2',
  code: '07EN-W3AH-RZ6D',
  expiresAt: '2026-11-30T20:10:00.000Z',
  hallFingerprint: FP,
  hallUrls: ['https://192.168.1.10:7443', 'https://10.0.0.5:7443'],
  counterDataDir: '.kiosk-counter-BALCAO2',
};
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');
/** The command as the page holds it (what a copy takes), its entities decoded. */
const command = (html: string) => /data-testid="terminal-command">([^<]*)</.exec(html)![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&');

describe('the enrolment code', () => {
  it('shows the code, its expiry, the fingerprint and a command to copy as is, with the hall\'s real address, in pt-PT', async () => {
    await i18n.changeLanguage('pt-PT');
    const html = renderToStaticMarkup(<EnrolmentCode enrolment={ENROLMENT} />);
    const shown = text(html);
    expect(shown).toContain('Código de inscrição do terminal BALCAO2 (serve uma vez; não volta a ser mostrado):');
    expect(shown).toContain('07EN-W3AH-RZ6D');
    expect(shown).toMatch(/Válido até às \d\d:\d\d \(10 minutos\)\./);
    expect(shown).toContain(`Impressão digital deste servidor: ${FP}`);
    expect(command(html)).toBe(`npm run counter -- --hall https://192.168.1.10:7443 --fingerprint ${FP} --enroll 07EN-W3AH-RZ6D --data-dir .kiosk-counter-BALCAO2 --port 5174`);
    expect(shown).not.toMatch(/ENDEREÇO|PORTA|PASTA/);
    expect(shown).toContain('No programa instalado, escolha «Balcão ligado ao servidor da sala» e escreva o endereço https://192.168.1.10:7443, a impressão digital e o código.');
    expect(shown).toContain('Se o balcão não chegar a https://192.168.1.10:7443, use outro endereço deste servidor: https://10.0.0.5:7443.');
  });

  it('with one address, says no other; in English', async () => {
    await i18n.changeLanguage('en');
    const html = renderToStaticMarkup(<EnrolmentCode enrolment={{ ...ENROLMENT, hallUrls: ['https://127.0.0.1:7443'] }} />);
    expect(command(html)).toBe(`npm run counter -- --hall https://127.0.0.1:7443 --fingerprint ${FP} --enroll 07EN-W3AH-RZ6D --data-dir .kiosk-counter-BALCAO2 --port 5174`);
    expect(text(html)).toContain("On the post to enrol, in the program's folder, run (it can be copied as it is):");
    expect(html).not.toContain('terminal-other-urls');
  });

  it('says when the terminals port has not started yet, in English', async () => {
    await i18n.changeLanguage('en');
    const shown = text(renderToStaticMarkup(<EnrolmentCode enrolment={{ ...ENROLMENT, hallFingerprint: null, hallUrls: [] }} />));
    expect(shown).toContain('This post has not opened the terminals port yet (npm run hall)');
    expect(shown).toContain('--hall https://ADDRESS:PORT --fingerprint sha256:… --enroll 07EN-W3AH-RZ6D --data-dir .kiosk-counter-BALCAO2');
  });
});
