/** `group:witness`: the group cosigns the halls' checkpoints it checked (usage in main/cli.ts). */
import { parseArgs } from 'node:util';
import { witnessGroup, witnessKeyFrom } from '../group/witness.js';
import { isKeyName } from '../../core/transparency/checkpoint.js';
import { openGroup } from '../group/index.js';
import { lagWords, openGroupReplica, replicaLag } from '../group/replica.js';
import { databaseUrlOf } from './options.js';

/**
 * `npm run group:witness -- --database-url URL [--replica-url URL] --key-file FILE [--name NAME] [--json]`: the
 * group as a witness (issue 26). Each hall's checkpoints not yet looked at are checked against the journal the
 * group holds and cosigned, or refused with why; the witness's verifier key is printed for the inspectors. With a
 * replica, the entries are read there (issue 43) and the cosignatures written on the primary.
 */
export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { 'database-url': { type: 'string' }, 'replica-url': { type: 'string' }, 'key-file': { type: 'string' }, name: { type: 'string', default: 'grupo-testemunha' }, json: { type: 'boolean', default: false } },
    strict: true,
  });
  if (!values['key-file'] || !isKeyName(values.name)) {
    console.error('Uso: group:witness --database-url URL [--replica-url URL] --key-file FICHEIRO [--name NOME sem espaços nem +] [--json]');
    process.exit(2);
  }
  const key = witnessKeyFrom(values['key-file'], values.name);
  const group = await openGroup(databaseUrlOf(values));
  // Entries read from the replica when one is named; what it has not replayed yet waits for the next run.
  const replica = values['replica-url']
    ? await openGroupReplica(values['replica-url']).catch(async (e: unknown) => {
        await group.close();
        console.error(e instanceof Error ? e.message : String(e));
        process.exit(1);
      })
    : null;
  try {
    const lag = replica ? await replicaLag(replica.pool, group.pool) : null;
    const halls = await witnessGroup(group.pool, key, undefined, replica ? { read: replica.pool } : {});
    if (values.json) console.log(JSON.stringify(lag ? { witnessKey: key.verifierKey, halls, replica: lag } : { witnessKey: key.verifierKey, halls }));
    else {
      if (lag) for (const line of lagWords(lag)) console.log(line);
      console.log(`Testemunha do grupo: ${key.verifierKey}`);
      for (const h of halls) {
        console.log(`${h.name} (${h.hallId}): ${h.cosigned.length} pontos de verificação cossinados${h.refused.length > 0 ? `, ${h.refused.length} RECUSADOS` : ''}.`);
        for (const r of h.refused) console.log(`  ponto de verificação n.º ${r.checkpointId} recusado: ${r.reason}.`);
        if (h.behind)
          console.log(
            `  O grupo tem ${h.behind.held} entradas desta sala e a testemunha cossinou até à n.º ${h.behind.cosigned}: a base de dados do grupo perdeu entradas (uma réplica promovida?). Nada é cossinado até a sala as enviar de novo (o expedidor fá-lo sozinho, a partir do que o grupo tem).`,
          );
        if (h.altered?.part === 'facts')
          console.log(
            `  ponto de verificação n.º ${h.altered.checkpointId} NÃO COSSINADO (factos que não batem com os documentos): ${h.altered.reason}. Compare a entrada com o diário da sala antes de repor a cópia do grupo: se a sala guarda os mesmos factos, foi ela que os enviou assim, e repor a cópia não resolve; se não, reponha a cópia do grupo (a sala guarda o original) e volte a testemunhar.`,
          );
        else if (h.altered?.part === 'hall_schema')
          console.log(
            `  ponto de verificação n.º ${h.altered.checkpointId} NÃO COSSINADO (esquema da sala que o contrato do grupo não conhece): ${h.altered.reason}. A cópia do grupo não está em causa: o ponto fica por testemunhar, com os seguintes, até um programa do grupo que conheça esse esquema.`,
          );
        else if (h.altered)
          console.log(
            `  ponto de verificação n.º ${h.altered.checkpointId} NÃO COSSINADO (cópia do grupo alterada): ${h.altered.reason}. A falta é da base de dados do grupo, não da sala: reponha a cópia do grupo (a sala guarda o original) e volte a testemunhar.`,
          );
      }
      if (halls.length === 0) console.log('Nenhum ponto de verificação novo a testemunhar.');
    }
    process.exitCode = halls.some((h) => h.refused.length > 0 || h.altered || h.rewritten) ? 1 : 0;
  } finally {
    await replica?.close();
    await group.close();
  }
}
