/** `backup:restore`: a backup put back into a data folder once its copy passed the checks (usage in main/cli.ts). */
import { chmodSync, copyFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../../db/backup.js';
import { DATABASE_FILE, PIN_KEY_FILE } from '../kiosk.js';
import { dataDirOf } from './options.js';

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      from: { type: 'string' },
      'data-dir': { type: 'string' },
      'pin-key': { type: 'string' },
      key: { type: 'string' },
      replace: { type: 'boolean', default: false },
      'before-checkpoint': { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.from) {
    console.error('Indique a cópia a repor: --from FICHEIRO');
    process.exit(2);
  }
  const from = resolve(values.from);
  const dataDir = dataDirOf(values);
  // The PINs are sealed under the hall's pin.key, never in a backup: given, or the one of the data folder the backup lies in (<data>/backups/).
  const keyInTarget = existsSync(join(dataDir, PIN_KEY_FILE));
  const keyFrom = values['pin-key'] ? resolve(values['pin-key']) : join(dirname(from), '..', PIN_KEY_FILE);
  if (values['pin-key'] && !existsSync(keyFrom)) {
    console.error(`Chave dos PIN não encontrada: ${keyFrom}`);
    process.exit(2);
  }
  // A refusal (the copy's books differ, another program's file, ...) reaches run()'s catch: its words, no stack.
  const check = restoreBackup(from, dataDir, DATABASE_FILE, {
    keep: [PIN_KEY_FILE],
    ...(values.key === undefined ? {} : { key: values.key }),
    replace: values.replace,
    beforeCheckpoint: values['before-checkpoint'],
  });
  if (check.replaced) console.log(`A base de dados que lá estava foi guardada à parte em ${check.replaced}.`);
  if (check.beforeCheckpoint) {
    console.log(`ATENÇÃO: reposta uma cópia anterior ao ponto de verificação n.º ${check.beforeCheckpoint.id} que a sala assinou (${check.beforeCheckpoint.size} entradas): o que foi registado depois não está nela.`);
  }
  console.log(
    `Reposto em ${join(dataDir, DATABASE_FILE)}: ${check.rows.sales} vendas, ${check.rows.audit_log} entradas de auditoria, integridade ${check.integrity}, livros certos (${check.books.documents} documentos, ${check.books.transactions} transações).`,
  );
  if (keyInTarget) console.log(`Chave dos PIN: a que já estava em ${dataDir}.`);
  else if (existsSync(keyFrom)) {
    copyFileSync(keyFrom, join(dataDir, PIN_KEY_FILE));
    chmodSync(join(dataDir, PIN_KEY_FILE), 0o600);
    console.log(`Chave dos PIN copiada de ${keyFrom}.`);
  } else {
    console.log(
      `Sem a chave dos PIN (${PIN_KEY_FILE}) desta sala, nenhum PIN poderá ser verificado: ponha-a em ${dataDir} (sem ela o quiosque não arranca), ou, perdida de vez, arranque com --new-pin-key, entre com o código de recuperação do administrador e dê um PIN novo a cada operador.`,
    );
  }
}
