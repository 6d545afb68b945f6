/** `group:verify`: every hall's journal recomputed in the group's database (usage in main/cli.ts). */
import { parseArgs } from 'node:util';
import { openGroup, verifyGroup } from '../group/index.js';
import { databaseUrlOf } from './options.js';

const BREAK_WORDS = {
  payload: 'conteúdo alterado (não dá o hash guardado)',
  hash: 'hash substituído (o conteúdo dá o hash que a cadeia guarda, não o guardado)',
  documents: 'documentos alterados',
  facts: 'factos publicados que não são os do contrato do grupo nem os que os documentos dão',
  hall_schema: 'enviada de um esquema da base de dados da sala que o contrato deste programa do grupo não conhece',
  missing: 'entrada em falta',
  duplicate: 'entrada em duplicado',
  link: 'cadeia quebrada',
  head: 'cabeça diferente da registada',
  extra: 'entrada a mais depois da cabeça registada',
} as const;

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { 'database-url': { type: 'string' }, json: { type: 'boolean', default: false } }, strict: true });
  const group = await openGroup(databaseUrlOf(values));
  try {
    const check = await verifyGroup(group.pool);
    if (values.json) console.log(JSON.stringify(check));
    else {
      for (const h of check.halls) {
        console.log(
          h.firstBreak
            ? `${h.name} (${h.hallId}): QUEBRADO na entrada n.º ${h.firstBreak.seq}: ${BREAK_WORDS[h.firstBreak.reason]} (${h.firstBreak.reason})${h.firstBreak.words ? `: ${h.firstBreak.words}` : ''}.`
            : h.divergedSeq !== null
              ? `${h.name} (${h.hallId}): DIVERGENTE a partir da entrada n.º ${h.divergedSeq}: a sala enviou outra história; nada foi substituído.`
              : `${h.name} (${h.hallId}): íntegro (${h.entries} entradas, última n.º ${h.headSeq}).`,
        );
      }
      if (check.halls.length === 0) console.log('O grupo ainda não tem salas.');
    }
    process.exitCode = check.valid ? 0 : 1;
  } finally {
    await group.close();
  }
}
