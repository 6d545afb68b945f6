/**
 * Every channel the audit log may hold has a label in pt-PT and in English
 * (no manager reads `users.resetPin`), a group in the filter, and the
 * filter lists them by group, sorted by label in the screen's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIALS_BASELINE_CHANNEL } from '../../db/audit.js';
import { PINS_SEALED_CHANNEL } from '../../main/services/shared/credentials.js';
import { HALL_KEY_CHANNEL } from '../../main/services/shared/signing/hall-key.js';
import { REDEEM_AUDIT_CHANNEL } from '../../main/services/terminals/index.js';
import { CLOCK_JUMP_CHANNEL } from '../../main/services/audit/index.js';
import en from '../i18n/en.json' with { type: 'json' };
import pt from '../i18n/pt-PT.json' with { type: 'json' };
import { i18n, initI18n } from '../i18n/index.js';
import { AUDIT_GROUPS, AUDITED_CHANNELS, AUDITED_OUTSIDE_CONTRACT, auditFilterGroups, GROUP_OF_DOMAIN } from './auditActions.js';

const at = (o: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], o);
const leaves = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? leaves(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));

beforeAll(() => {
  initI18n('pt-PT');
});
afterAll(async () => {
  await i18n.changeLanguage('pt-PT');
});

describe('the audit log\'s labels', () => {
  it('knows every row written outside the contract\'s commands', () => {
    expect([...AUDITED_OUTSIDE_CONTRACT].sort()).toEqual([REDEEM_AUDIT_CHANNEL, PINS_SEALED_CHANNEL, HALL_KEY_CHANNEL, CREDENTIALS_BASELINE_CHANNEL, CLOCK_JUMP_CHANNEL].sort());
    expect(AUDITED_CHANNELS).toContain('sale.create');
    expect(AUDITED_CHANNELS).toContain('users.resetPin');
    expect(AUDITED_CHANNELS).not.toContain('audit.list');
  });

  for (const [lang, strings] of [['pt-PT', pt], ['en', en]] as const) {
    it(`gives each audited channel a label of its own in ${lang}, and none to a channel that writes no row`, () => {
      const missing = AUDITED_CHANNELS.filter((c) => typeof at(strings, `auditAction.${c}`) !== 'string' || at(strings, `auditAction.${c}`) === '');
      expect(missing).toEqual([]);
      const labels = AUDITED_CHANNELS.map((c) => at(strings, `auditAction.${c}`) as string);
      // Two operations that read the same could not be told apart in the filter.
      expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
      expect(labels.filter((l) => /^[a-z]+\.[A-Za-z]+$/.test(l))).toEqual([]);
      expect(leaves(strings.auditAction).filter((k) => !AUDITED_CHANNELS.includes(k))).toEqual([]);
    });
  }

  it('puts every audited channel in a group named in both languages', () => {
    expect(AUDITED_CHANNELS.filter((c) => GROUP_OF_DOMAIN[c.split('.')[0]!] === undefined)).toEqual([]);
    for (const g of AUDIT_GROUPS) for (const strings of [pt, en]) expect(at(strings, `auditLog.group.${g}`), g).toEqual(expect.any(String));
  });

  it('lists the filter by group, each sorted by its label in the screen\'s language, every channel once', async () => {
    for (const lang of ['pt-PT', 'en']) {
      await i18n.changeLanguage(lang);
      const groups = auditFilterGroups(i18n.t.bind(i18n), lang);
      expect(groups.map((g) => g.group)).toEqual([...AUDIT_GROUPS]);
      expect(groups.flatMap((g) => g.channels.map((c) => c.channel)).sort()).toEqual([...AUDITED_CHANNELS].sort());
      for (const g of groups) {
        const labels = g.channels.map((c) => c.label);
        expect(labels, `${lang} ${g.group}`).toEqual([...labels].sort((a, b) => a.localeCompare(b, lang, { sensitivity: 'base' })));
      }
    }
    await i18n.changeLanguage('pt-PT');
    const drawers = auditFilterGroups(i18n.t.bind(i18n), 'pt-PT').find((g) => g.group === 'drawers')!;
    expect(drawers.label).toBe('Gavetas e relatórios');
    expect(drawers.channels.map((c) => c.label)).toEqual([
      'Entrada, saída ou sangria da gaveta',
      'Gaveta aberta com fundo de caixa',
      'Gaveta aberta sem venda',
      'Gaveta fechada (contagem cega, Z)',
      'Relatório X',
    ]);
    await i18n.changeLanguage('en');
    const people = auditFilterGroups(i18n.t.bind(i18n), 'en').find((g) => g.group === 'people')!;
    expect(people.channels.slice(0, 3).map((c) => [c.channel, c.label])).toEqual([
      ['auth.recover', 'Admin access recovered'],
      ['approvals.acknowledge', 'Approval PIN alert seen'],
      ['setup.init', 'Hall created (first setup)'],
    ]);
  });
});
