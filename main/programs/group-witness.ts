/** `group:witness`: the group cosigns the halls' checkpoints it checked (usage in main/cli.ts). */
import { parseArgs } from 'node:util';
import { witnessGroup, witnessKeyFrom } from '../group/witness.js';
import { isKeyName } from '../../core/transparency/checkpoint.js';
import { openGroup } from '../group/index.js';
import { databaseUrlOf } from './options.js';

/**
 * `npm run group:witness -- --database-url URL --key-file FILE [--name NAME] [--json]`: the group as a witness
 * (issue 26). Each hall's checkpoints not yet looked at are checked against the journal the group holds and
 * cosigned, or refused with why; the witness's verifier key is printed for the inspectors.
 */
export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { 'database-url': { type: 'string' }, 'key-file': { type: 'string' }, name: { type: 'string', default: 'grupo-testemunha' }, json: { type: 'boolean', default: false } },
    strict: true,
  });
  if (!values['key-file'] || !isKeyName(values.name)) {
    console.error('Uso: group:witness --database-url URL --key-file FICHEIRO [--name NOME sem espaços nem +] [--json]');
    process.exit(2);
  }
  const key = witnessKeyFrom(values['key-file'], values.name);
  const group = await openGroup(databaseUrlOf(values));
  try {
    const halls = await witnessGroup(group.pool, key);
    if (values.json) console.log(JSON.stringify({ witnessKey: key.verifierKey, halls }));
    else {
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
    await group.close();
  }
}
