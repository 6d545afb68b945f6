/**
 * The signed checkpoints' check (db/transparency.ts verifyCheckpoints) in words, for
 * audit:verify: each finding names the checkpoint, when it was signed (the hall's
 * time), and the entries it is about.
 */
import { hallDateTime, type HallTimeZone } from '../../core/time.js';
import type { CheckpointFinding, CheckpointsCheck } from '../../db/transparency.js';

const signed = (f: CheckpointFinding, zone: HallTimeZone) => `o ponto de verificação n.º ${f.checkpointId}${f.at ? `, assinado em ${hallDateTime(f.at, zone)},` : ''}`;

/** One finding, in pt-PT. */
export function checkpointFindingText(f: CheckpointFinding, zone: HallTimeZone, keyGiven: boolean): string {
  const cp = signed(f, zone);
  switch (f.problem) {
    case 'rewritten':
      return f.firstEntry === f.lastEntry
        ? `REESCRITO: a entrada ${f.firstEntry} não é a que ${cp} cobre.`
        : // Entries before firstEntry are vouched for (a checkpoint that holds, or a signed subtree); which of the rest changed first, no signature says.
          `REESCRITO: a partir da entrada ${f.firstEntry} (até à ${f.lastEntry}), o registo não é o que ${cp} cobre.`;
    case 'cut':
      return `CORTADO: ${cp} cobre ${f.lastEntry} entradas, e o ficheiro só tem ${(f.firstEntry ?? 1) - 1}.`;
    case 'signature':
      return `ASSINATURA INVÁLIDA: ${cp} não está assinado pela chave ${keyGiven ? 'indicada' : 'da sala'}.`;
    case 'unvouched':
      return `CHAVE NÃO ABONADA: ${cp} está assinado por uma chave do ficheiro a que nenhuma rotação a partir da chave indicada conduz.`;
    case 'columns':
      return `ALTERADO: ${cp} guarda um tamanho ou uma raiz diferentes dos da sua nota assinada.`;
    case 'missing':
      if (f.session !== undefined) {
        return `EM FALTA: o ponto de verificação assinado no fecho da sessão n.º ${f.session}${f.at ? ` (${hallDateTime(f.at, zone)})` : ''} já não está no ficheiro.`;
      }
      return `EM FALTA: o ponto de verificação n.º ${f.checkpointId}, que a sala assinou, já não está no ficheiro.`;
    case 'cosignature':
      return `COSSINATURA INVÁLIDA: a cossinatura de ${(f.witnessKey ?? '').split('+')[0]} n${cp} não é dessa testemunha sobre esse ponto.`;
  }
}

/** The check's lines: a summary saying whose key, then each finding. */
export function checkpointLines(c: CheckpointsCheck, zone: HallTimeZone): string[] {
  const earlier =
    c.byEarlierKeys > 0
      ? `; ${c.byEarlierKeys === 1 ? '1 ponto assinado' : `${c.byEarlierKeys} pontos assinados`} por chaves anteriores, ligadas à indicada só pelas notas de rotação do ficheiro (indique a mais antiga, impressa num Z anterior, para o saber por si)`
      : '';
  const whose = c.keyGiven
    ? `com a chave indicada${c.keyIds.length > 1 ? ` e as que ela abonou por rotação (${c.keyIds.join(', ')})` : ` (${c.keyIds.join(', ')})`}${earlier}`
    : `com a chave do próprio ficheiro (${c.keyIds.join(', ') || 'nenhuma'}; indique a chave impressa no Z ou na acta com --key para saber de quem é)`;
  const head =
    c.findings.length === 0
      ? `Pontos de verificação assinados: certos (${c.checkpoints} pontos, ${c.cosignatures} cossinaturas), verificados ${whose}.`
      : `Pontos de verificação assinados: ${c.findings.length} DIFERENÇAS em ${c.checkpoints} pontos e ${c.cosignatures} cossinaturas, verificados ${whose}:`;
  const witness =
    c.witnessed === null
      ? c.cosignatures > 0
        ? ['Cossinaturas verificadas com as chaves de testemunha do próprio ficheiro (indique a chave da testemunha do grupo com --witness para saber se foi ela).']
        : []
      : [
          c.witnessed.checkpointIds.length === 0
            ? `Testemunha indicada (${c.witnessed.keyId}): NENHUM dos ${c.checkpoints} pontos de verificação está cossinado por ela.`
            : `Testemunha indicada (${c.witnessed.keyId}): ${c.witnessed.checkpointIds.length} de ${c.checkpoints} pontos de verificação cossinados por ela (o mais recente, n.º ${c.witnessed.checkpointIds.at(-1)}).`,
        ];
  return [head, ...c.findings.map((f) => `  ${checkpointFindingText(f, zone, c.keyGiven)}`), ...witness];
}
