/** `group:verify`: every hall's journal recomputed in the group's database (usage in main/cli.ts). */
import { parseArgs } from 'node:util';
import { isKeyName } from '../../core/transparency/checkpoint.js';
import { openGroup, verifyGroup } from '../group/index.js';
import { witnessKeyFrom } from '../group/witness.js';
import { lagWords, openGroupReplica, replicaLag } from '../group/replica.js';
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
  verified: 'não é a entrada que a última verificação assinada registou (a cópia do grupo foi alterada depois dessa verificação)',
} as const;

const USAGE = 'Uso: group:verify --database-url URL [--replica-url URL] [--key-file FICHEIRO [--name NOME] [--full]] [--json]';

/**
 * `npm run group:verify -- --database-url URL [--key-file FILE [--name NAME] [--full]] [--json]`. With the group's
 * witness key (group:witness's), each hall is checked from where its last signed check ended and the result kept
 * signed; `--full` reads every entry again. Without a key, every entry is read and nothing is kept.
 */
export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'database-url': { type: 'string' },
      'replica-url': { type: 'string' },
      'key-file': { type: 'string' },
      name: { type: 'string', default: 'grupo-testemunha' },
      full: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if ((values.full && !values['key-file']) || !isKeyName(values.name)) {
    console.error(USAGE);
    process.exit(2);
  }
  const key = values['key-file'] ? witnessKeyFrom(values['key-file'], values.name) : undefined;
  const group = await openGroup(databaseUrlOf(values));
  // Read from the replica when one is named (the primary keeps the results and says how far behind it is).
  const replica = values['replica-url'] ? await openGroupReplica(values['replica-url']).catch(async (e: unknown) => {
    await group.close();
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  }) : null;
  try {
    const lag = replica ? await replicaLag(replica.pool, group.pool) : null;
    const check = await verifyGroup(replica?.pool ?? group.pool, { ...(key ? { key } : {}), full: values.full, keep: group.pool });
    if (values.json) console.log(JSON.stringify(lag ? { ...check, replica: lag } : check));
    else {
      if (lag) for (const line of lagWords(lag)) console.log(line);
      for (const h of check.halls) {
        const read = h.since
          ? `${h.entries} entradas novas lidas, da n.º ${h.fromSeq} em diante; até à n.º ${h.since.toSeq} verificado e assinado em ${h.since.verifiedAt}`
          : `${h.entries} entradas lidas`;
        console.log(
          h.firstBreak
            ? `${h.name} (${h.hallId}): QUEBRADO na entrada n.º ${h.firstBreak.seq}: ${BREAK_WORDS[h.firstBreak.reason]} (${h.firstBreak.reason})${h.firstBreak.words ? `: ${h.firstBreak.words}` : ''}.`
            : h.divergedSeq !== null
              ? `${h.name} (${h.hallId}): DIVERGENTE a partir da entrada n.º ${h.divergedSeq}: a sala enviou outra história; nada foi substituído.`
              : `${h.name} (${h.hallId}): íntegro (${read}; última n.º ${h.headSeq}).`,
        );
        if (h.summaries && 'differences' in h.summaries) {
          const days = h.summaries.fromDay === h.summaries.toDay ? `de ${h.summaries.toDay}` : `de ${h.summaries.fromDay} a ${h.summaries.toDay}`;
          if (h.summaries.differences.length === 0) console.log(`  Resumos do relatório ${days}: iguais aos somados das entradas.`);
          else {
            console.log(`  Resumos do relatório ${days}: DIFERENTES dos somados das entradas (${h.summaries.differences.length}):`);
            for (const d of h.summaries.differences) console.log(`    ${d}`);
          }
        } else if (h.summaries) console.log(`  Resumos do relatório somados até à entrada n.º ${h.summaries.summarizedSeq}: o relatório lê esta sala das entradas até os programas do grupo somarem o resto.`);
        if (h.forgedResult)
          console.log(
            `  O resultado guardado n.º ${h.forgedResult.id} (até à entrada n.º ${h.forgedResult.toSeq}) não está assinado por esta chave: foi escrito na base de dados do grupo por outra via. A sala foi verificada desde a primeira entrada.`,
          );
      }
      if (check.halls.length === 0) console.log('O grupo ainda não tem salas.');
      if (!key) console.log('Sem chave (--key-file): todas as entradas foram lidas e nenhum resultado ficou guardado.');
    }
    process.exitCode = check.valid ? 0 : 1;
  } finally {
    await replica?.close();
    await group.close();
  }
}
