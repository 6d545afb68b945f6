/**
 * Refusals of the kiosk's files: a database file it will not open (not its
 * own, damaged, older than it claims, newer than the program), a disk with no
 * room to open it, and a backup it will not restore. They are thrown at start
 * or by the restore command, not by a channel, and read by a person at the
 * counter or the technician: each names the file, in pt-PT and in English.
 * Parameters are data (paths, numbers, SQLite's own names and codes).
 */
import { errors, type Params } from '../catalogue.js';
import { hallDateTime, isHallTimeZone, type HallTimeZone } from '../time.js';

/** An instant of the hall's file in its own zone when the refusal carries it (a restore has no kiosk's), as receipts print it. */
const signedAt = (p: Params, zone: HallTimeZone): string => {
  const at = String(p.at);
  return Number.isNaN(new Date(at).getTime()) ? at : hallDateTime(at, isHallTimeZone(p.zone) ? p.zone : zone);
};

/** What a checkpoint's check found (db/transparency.ts CheckpointProblem), in words. */
const CHECKPOINT_PROBLEM_PT: Record<string, string> = {
  signature: 'não está assinado pela chave da sala',
  unvouched: 'está assinado por uma chave que a chave indicada não abona',
  columns: 'guarda um tamanho ou uma raiz diferentes dos da sua nota assinada',
  rewritten: 'não cobre as entradas que a cópia tem',
  cut: 'cobre entradas que a cópia já não tem',
  missing: 'falta na cópia, ou não é o que a sala assinou',
  cosignature: 'tem uma cossinatura que não é da sua testemunha',
};
const CHECKPOINT_PROBLEM_EN: Record<string, string> = {
  signature: "is not signed by the hall's key",
  unvouched: 'is signed by a key the given key does not vouch for',
  columns: 'keeps a size or a root other than its signed note',
  rewritten: 'does not cover the entries the backup holds',
  cut: 'covers entries the backup no longer has',
  missing: 'is missing from the backup, or is not what the hall signed',
  cosignature: 'has a cosignature that is not its witness',
};

const RESTORE_HINT = {
  pt: 'guarde este ficheiro à parte e reponha a última cópia de segurança numa pasta vazia (npm run backup:restore -- --from <cópia> --data-dir <pasta>), ou chame o técnico.',
  en: 'keep this file aside and restore the latest backup into an empty folder (npm run backup:restore -- --from <backup> --data-dir <folder>), or call the technician.',
};
const REFUSED = {
  pt: `O quiosque não arranca sobre ela nem cria uma sala nova no seu lugar: ${RESTORE_HINT.pt}`,
  en: `The kiosk does not start on it nor creates a new hall in its place: ${RESTORE_HINT.en}`,
};

/** A schema object as each language names it (`kind` is SQLite's type, or `column`). */
const OBJECT_KIND = {
  table: { pt: 'a tabela', en: 'the table' },
  index: { pt: 'o índice', en: 'the index' },
  trigger: { pt: 'o gatilho', en: 'the trigger' },
  view: { pt: 'a vista', en: 'the view' },
  column: { pt: 'a coluna', en: 'the column' },
} as const;
const objectOf = (p: Params, lang: 'pt' | 'en') => {
  const kind = OBJECT_KIND[p.kind as keyof typeof OBJECT_KIND];
  return kind ? `${kind[lang]} ${p.name}` : lang === 'pt' ? `o que ela cria (${p.name})` : `what it creates (${p.name})`;
};

/** What a foreign file holds: its first tables, or none at all and a version SQLite was told to keep. */
const holds = (p: Params, lang: 'pt' | 'en') => {
  if (p.tables === 0) return lang === 'pt' ? `não tem tabelas, mas tem a versão ${p.version}` : `it has no table, but it has version ${p.version}`;
  if (lang === 'pt') return p.tables === 1 ? `tem 1 tabela: ${p.names}` : `tem ${p.tables} tabelas: ${p.names}`;
  return p.tables === 1 ? `it has 1 table: ${p.names}` : `it has ${p.tables} tables: ${p.names}`;
};

export const storageErrors = errors({
  DATABASE_EMPTY: {
    pt: (p) => `A base de dados ${p.file} está vazia (0 bytes). ${REFUSED.pt}`,
    en: (p) => `The database ${p.file} is empty (0 bytes). ${REFUSED.en}`,
  },
  DATABASE_UNREADABLE: {
    pt: (p) => `A base de dados ${p.file} não é uma base de dados do quiosque (ficheiro ilegível). ${REFUSED.pt}`,
    en: (p) => `The database ${p.file} is not a kiosk database (the file cannot be read). ${REFUSED.en}`,
  },
  DATABASE_DAMAGED: {
    pt: (p) => `A base de dados ${p.file} está danificada (verificação: ${p.detail}). ${REFUSED.pt}`,
    en: (p) => `The database ${p.file} is damaged (check: ${p.detail}). ${REFUSED.en}`,
  },
  // The file's application_id: SQLite's own mark of which program a file belongs to.
  DATABASE_FOREIGN: {
    pt: (p) =>
      `O ficheiro ${p.file} é uma base de dados de outro programa (application_id ${p.applicationId}), não do quiosque. O quiosque não arranca sobre ele nem lhe acrescenta as suas tabelas: indique a pasta de dados do quiosque, ou ${RESTORE_HINT.pt}`,
    en: (p) =>
      `The file ${p.file} is another program's database (application_id ${p.applicationId}), not the kiosk's. The kiosk does not start on it nor adds its own tables to it: give the kiosk's data folder, or ${RESTORE_HINT.en}`,
  },
  DATABASE_NOT_KIOSK: {
    pt: (p) =>
      `O ficheiro ${p.file} é uma base de dados SQLite que não é do quiosque (${holds(p, 'pt')}). O quiosque não arranca sobre ele nem lhe acrescenta as suas tabelas e uma sala: indique a pasta de dados do quiosque, ou ${RESTORE_HINT.pt}`,
    en: (p) =>
      `The file ${p.file} is a SQLite database that is not the kiosk's (${holds(p, 'en')}). The kiosk does not start on it nor adds its own tables and a hall to it: give the kiosk's data folder, or ${RESTORE_HINT.en}`,
  },
  // A user_version set back by hand: the migrations after it would run again over the data they already changed.
  DATABASE_OLDER_THAN_SCHEMA: {
    pt: (p) =>
      `A base de dados ${p.file} diz estar na versão ${p.version}, mas já tem ${objectOf(p, 'pt')} da migração ${p.migration}: a versão foi alterada fora do quiosque, e aplicar de novo as migrações seguintes estragaria os dados. ${REFUSED.pt}`,
    en: (p) =>
      `The database ${p.file} says it is at version ${p.version}, but it already holds ${objectOf(p, 'en')} of migration ${p.migration}: the version was changed outside the kiosk, and applying the later migrations again would spoil the data. ${REFUSED.en}`,
  },
  DATABASE_TOO_NEW: {
    pt: (p) => `A base de dados ${p.file} (versão ${p.found}) é mais recente do que este programa (versão ${p.supported}): atualize o programa.`,
    en: (p) => `The database ${p.file} (version ${p.found}) is newer than this program (version ${p.supported}): update the program.`,
  },
  // The copy of a file of an earlier release, taken before migrating it (db/connection.ts): without it, no migration.
  DATABASE_BACKUP_BEFORE_MIGRATION_FAILED: {
    pt: (p) =>
      `A cópia de segurança da base de dados ${p.file} (versão ${p.version}), que o quiosque guarda em ${p.dir} antes de a atualizar para a versão ${p.latest}, não se conseguiu fazer (${p.detail}). Nada foi atualizado: o ficheiro está como estava, e o quiosque não o atualiza sem essa cópia. Liberte espaço no disco ou torne essa pasta gravável (chame o técnico) e arranque de novo.`,
    en: (p) =>
      `The backup of the database ${p.file} (version ${p.version}), which the kiosk keeps in ${p.dir} before upgrading it to version ${p.latest}, could not be made (${p.detail}). Nothing was upgraded: the file is as it was, and the kiosk does not upgrade it without that backup. Free space on the disk or make that folder writable (call the technician) and start again.`,
  },
  DATABASE_DISK_FULL: {
    pt: (p) =>
      `Disco cheio: o quiosque não consegue abrir a base de dados ${p.file} (não há espaço nem para os ficheiros de trabalho do SQLite). Nada foi alterado: liberte espaço no disco do quiosque (chame o técnico) e arranque de novo.`,
    en: (p) =>
      `Disk full: the kiosk cannot open the database ${p.file} (there is no room even for SQLite's working files). Nothing was changed: free space on the kiosk's disk (call the technician) and start again.`,
  },
  DATABASE_DISK_ERROR: {
    pt: (p) => `Erro de leitura ou escrita no disco ao abrir a base de dados ${p.file} (${p.detail}). Nada foi alterado: chame o técnico.`,
    en: (p) => `Disk read or write error while opening the database ${p.file} (${p.detail}). Nothing was changed: call the technician.`,
  },
  // The PIN key (main/services/shared/access/pin-key.ts): a new one in place of a lost or swapped one would turn every right PIN wrong.
  PIN_KEY_MISSING: {
    pt: (p) =>
      `Falta a chave dos PIN desta sala (${p.file}): os PIN dos operadores estão selados com ela, e sem ela nenhum PIN certo seria aceite. O quiosque não arranca nem faz uma chave nova: reponha nesse lugar o ficheiro pin.key desta sala a partir da sua cópia de segurança (guardada com as cópias da sala) e arranque de novo. Só se estiver perdida de vez: arranque uma vez com --new-pin-key e entre com o código de recuperação do administrador (cada operador recebe depois um PIN novo).`,
    en: (p) =>
      `This hall's PIN key (${p.file}) is missing: the operators' PINs are sealed with it, and without it no right PIN would be accepted. The kiosk does not start nor makes a new key: put this hall's pin.key back there from its backup (kept with the hall's backups) and start again. Only if it is lost for good: start once with --new-pin-key and log in with the admin's recovery code (each operator then gets a new PIN).`,
  },
  PIN_KEY_OTHER: {
    pt: (p) =>
      `A chave dos PIN ${p.file} não é a desta sala (os PIN dos operadores foram selados com outra chave): com ela nenhum PIN certo seria aceite. O quiosque não arranca: reponha nesse lugar o ficheiro pin.key desta sala a partir da sua cópia de segurança (guardada com as cópias da sala) e arranque de novo.`,
    en: (p) =>
      `The PIN key ${p.file} is not this hall's (the operators' PINs were sealed with another key): with it no right PIN would be accepted. The kiosk does not start: put this hall's pin.key back there from its backup (kept with the hall's backups) and start again.`,
  },
  // `detail`: what the file is instead (a folder, a file that cannot be read and the system's code, not a key).
  PIN_KEY_UNREADABLE: {
    pt: (p) =>
      `A chave dos PIN ${p.file} não se consegue ler (${p.detail === 'directory' ? 'é uma pasta' : p.detail === 'format' ? 'não é uma chave: 32 bytes em hexadecimal esperados' : `erro ${p.detail}`}). O quiosque não arranca: reponha nesse lugar o ficheiro pin.key desta sala a partir da sua cópia de segurança (guardada com as cópias da sala), legível pelo utilizador do quiosque, e arranque de novo.`,
    en: (p) =>
      `The PIN key ${p.file} cannot be read (${p.detail === 'directory' ? 'it is a folder' : p.detail === 'format' ? 'it is not a key: 32 bytes in hexadecimal expected' : `error ${p.detail}`}). The kiosk does not start: put this hall's pin.key back there from its backup (kept with the hall's backups), readable by the kiosk's user, and start again.`,
  },
  RESTORE_SOURCE_MISSING: {
    pt: (p) => `O ficheiro ${p.file} não existe: nada foi reposto.`,
    en: (p) => `The file ${p.file} does not exist: nothing was restored.`,
  },
  RESTORE_TARGET_NOT_EMPTY: {
    pt: (p) => `A pasta ${p.dir} não está vazia: a reposição só se faz numa pasta vazia (nada foi alterado).`,
    en: (p) => `The folder ${p.dir} is not empty: a restore is made only into an empty folder (nothing was changed).`,
  },
  RESTORE_DAMAGED: {
    pt: (p) => `A cópia ${p.file} não passou na verificação de integridade (${p.integrity}): nada foi reposto.`,
    en: (p) => `The backup ${p.file} failed the integrity check (${p.integrity}): nothing was restored.`,
  },
  RESTORE_AUDIT_BROKEN: {
    pt: (p) => `A cópia ${p.file} tem o registo de auditoria quebrado na entrada n.º ${p.seq}: foi alterada depois de feita; nada foi reposto.`,
    en: (p) => `The backup ${p.file} has its audit log broken at entry no. ${p.seq}: it was changed after it was made; nothing was restored.`,
  },
  RESTORE_LEDGER_UNBALANCED: {
    pt: (p) => `A cópia ${p.file} tem a contabilidade desequilibrada (transações n.º ${p.transactions}): nada foi reposto.`,
    en: (p) => `The backup ${p.file} has unbalanced books (transactions no. ${p.transactions}): nothing was restored.`,
  },
  // The copy's head is not the one its own manifest (`<backup>.json`, written when it was made and checked) names.
  RESTORE_HEAD_NOT_MANIFEST: {
    pt: (p) =>
      `A cópia ${p.file} termina na entrada de auditoria n.º ${p.seq}, mas o seu manifesto, escrito quando foi feita, diz que terminava na n.º ${p.manifestSeq} com outro hash: a cópia não é a que foi feita; nada foi reposto.`,
    en: (p) =>
      `The backup ${p.file} ends at audit entry no. ${p.seq}, but its manifest, written when it was made, says it ended at no. ${p.manifestSeq} with another hash: the copy is not the one that was made; nothing was restored.`,
  },
  // `problem`: the checkpoints' check's code (db/transparency.ts); `seq`..`last`: the entries it names (0: none).
  RESTORE_CHECKPOINT_INVALID: {
    pt: (p) =>
      `A cópia ${p.file} não passou na verificação dos pontos de verificação assinados: ${Number(p.session) > 0 ? `o do fecho da sessão n.º ${p.session}` : `o n.º ${p.id}`} ${CHECKPOINT_PROBLEM_PT[String(p.problem)] ?? `falhou (${p.problem})`}${Number(p.seq) === 0 ? '' : Number(p.last) > Number(p.seq) ? ` (a primeira entrada diferente está entre a n.º ${p.seq} e a n.º ${p.last})` : ` (a entrada n.º ${p.seq})`}. Foi alterada depois de feita; nada foi reposto.`,
    en: (p) =>
      `The backup ${p.file} failed the check of its signed checkpoints: ${Number(p.session) > 0 ? `the one of session no. ${p.session}'s close` : `no. ${p.id}`} ${CHECKPOINT_PROBLEM_EN[String(p.problem)] ?? `failed (${p.problem})`}${Number(p.seq) === 0 ? '' : Number(p.last) > Number(p.seq) ? ` (the first entry that differs is between no. ${p.seq} and no. ${p.last})` : ` (entry no. ${p.seq})`}. It was changed after it was made; nothing was restored.`,
  },
  RESTORE_DIVERGES: {
    pt: (p, zone) =>
      `A cópia ${p.file} não contém a história que a sala assinou no ponto de verificação n.º ${p.id} (${p.size} entradas, assinado em ${signedAt(p, zone)}): as suas entradas até lá são outras. Não é uma cópia desta sala tal como foi; nada foi reposto.`,
    en: (p, zone) =>
      `The backup ${p.file} does not hold the history the hall signed in checkpoint no. ${p.id} (${p.size} entries, signed on ${signedAt(p, zone)}): its entries up to there are others. It is not a copy of this hall as it was; nothing was restored.`,
  },
  RESTORE_BEFORE_CHECKPOINT: {
    pt: (p, zone) =>
      `A cópia ${p.file} tem ${p.entries} entradas de auditoria e é anterior ao ponto de verificação n.º ${p.id} que a sala já assinou (${p.size} entradas, em ${signedAt(p, zone)}; o mais recente é o n.º ${p.newest}): repô-la volta atrás desse ponto e perde o que foi registado depois. Nada foi reposto; para o fazer mesmo assim, repita com --before-checkpoint.`,
    en: (p, zone) =>
      `The backup ${p.file} has ${p.entries} audit entries and is older than checkpoint no. ${p.id} the hall already signed (${p.size} entries, on ${signedAt(p, zone)}; the newest is no. ${p.newest}): restoring it goes back before that checkpoint and loses what was recorded after. Nothing was restored; to do so anyway, repeat with --before-checkpoint.`,
  },
  // `first`: the first findings as the books check names them (its problem codes, the document and the transaction numbers).
  RESTORE_BOOKS_DIFFER: {
    pt: (p) =>
      `A cópia ${p.file} não passou na verificação dos livros, documento a documento: ${p.findings === 1 ? '1 diferença' : `${p.findings} diferenças`} entre os documentos e a contabilidade (as primeiras: ${p.first}). Foi alterada depois de feita; nada foi reposto.`,
    en: (p) =>
      `The backup ${p.file} failed the check of the books, document by document: ${p.findings === 1 ? '1 difference' : `${p.findings} differences`} between the documents and the ledger (the first: ${p.first}). It was changed after it was made; nothing was restored.`,
  },
});
