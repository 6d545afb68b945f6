import { describe, expect, it } from 'vitest';
import '../errors.js';
import { KioskError } from '../refusal.js';
import { BARRED_MAX_ENTRIES, barredOn, barredSummary, parseBarredCsv } from './barred.js';

const HEADER = 'Nome,Tipo de documento,N.º do documento,País emissor,Data de nascimento,Válido de,Válido até';
const refusal = (f: () => void): { code: string; message: string } => {
  try {
    f();
  } catch (e) {
    if (e instanceof KioskError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('not refused');
};

describe('the barred list’s file (Lei n.º 83/2017, art. 76.º)', () => {
  it('reads either separator, quoted cells, both date forms and the document by its code or its name', () => {
    const file = `\uFEFF${HEADER}\n"Silva, João",Cartão de Cidadão,12345678 9 ZZ1,pt,01/02/1970,2026-01-01,31/12/2026\n\nAna Sousa,passport,P998877,FR,1985-06-30,2025-05-05,\n`;
    expect(parseBarredCsv(file)).toEqual([
      { line: 2, name: 'Silva, João', documentType: 'cc', documentNumber: '12345678 9 ZZ1', country: 'PT', birthDate: '1970-02-01', validFrom: '2026-01-01', validUntil: '2026-12-31' },
      { line: 4, name: 'Ana Sousa', documentType: 'passport', documentNumber: 'P998877', country: 'FR', birthDate: '1985-06-30', validFrom: '2025-05-05', validUntil: null },
    ]);
  });

  it('refuses the whole file at its first bad line, naming the line and the field', () => {
    const line = (cells: string) => `${HEADER}\nAna Sousa,passport,P998877,FR,1985-06-30,2025-05-05,\n${cells}\n`;
    expect(refusal(() => parseBarredCsv(line('Rui,cc,123,PT,1970-01-01,2026-01-01,2025-12-31')))).toEqual({
      code: 'BARRED_FILE_INVALID',
      message:
        'Lista de pessoas proibidas de jogar: a linha 3 tem um valor inválido: o fim da interdição (vazio, ou uma data não anterior ao início); corrija o ficheiro, nada foi importado (Lei n.º 83/2017, art. 76.º).',
    });
    expect(refusal(() => parseBarredCsv(line('Rui Lopes,bilhete,123,PT,1970-01-01,2026-01-01,'))).message).toContain('a linha 3 tem um valor inválido: o tipo de documento');
    expect(refusal(() => parseBarredCsv(line('Rui Lopes,cc,12,PT,1970-01-01,2026-01-01,'))).message).toContain('o n.º do documento');
    expect(refusal(() => parseBarredCsv(line('Rui Lopes,cc,1234,PRT,1970-01-01,2026-01-01,'))).message).toContain('o país emissor');
    expect(refusal(() => parseBarredCsv(line('Rui Lopes,cc,1234,PT,31/02/1970,2026-01-01,'))).message).toContain('a data de nascimento');
    expect(refusal(() => parseBarredCsv(line('Rui Lopes,cc,1234,PT')))).toMatchObject({ code: 'BARRED_FILE_INVALID' });
    expect(refusal(() => parseBarredCsv(line('Rui Lopes,cc,1234,PT'))).message).toContain('a linha 3 não tem as 7 colunas');
    expect(refusal(() => parseBarredCsv(`${HEADER}\n\n`)).code).toBe('BARRED_FILE_EMPTY');
  });

  it('a file of more entries than one list holds is refused whole, in words', () => {
    const line = 'Pessoa Teste,cc,1234,PT,1970-01-01,2026-01-01,\n';
    expect(parseBarredCsv(`${HEADER}\n${line.repeat(BARRED_MAX_ENTRIES)}`)).toHaveLength(BARRED_MAX_ENTRIES);
    expect(refusal(() => parseBarredCsv(`${HEADER}\n${line.repeat(BARRED_MAX_ENTRIES + 1)}`))).toEqual({
      code: 'BARRED_FILE_TOO_LONG',
      message: 'Lista de pessoas proibidas de jogar com mais de 200 000 pessoas: divida o ficheiro; nada foi importado.',
    });
  });

  it('a ban holds from its first day to its last, both included; none without an end', () => {
    const ban = { validFrom: '2026-01-01', validUntil: '2026-12-31' };
    expect([barredOn(ban, '2025-12-31'), barredOn(ban, '2026-01-01'), barredOn(ban, '2026-12-31'), barredOn(ban, '2027-01-01')]).toEqual([false, true, true, false]);
    expect(barredOn({ validFrom: '2026-01-01', validUntil: null }, '2099-01-01')).toBe(true);
    const entries = parseBarredCsv(`${HEADER}\nA Um,cc,1111,PT,1970-01-01,2026-01-01,\nB Dois,cc,2222,PT,1970-01-01,2020-01-01,2025-01-01\nC Três,cc,3333,PT,1970-01-01,2027-01-01,\n`);
    expect(barredSummary(entries, '2026-11-30')).toEqual({ entries: 3, inForce: 1, ended: 1, future: 1 });
  });
});
