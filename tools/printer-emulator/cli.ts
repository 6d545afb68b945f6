/**
 * The printer emulator for development: `npm run printer:emulator [-- --port N]`
 * (tsx tools/printer-emulator/cli.ts [--port N] [--control-port N] [--codepage cp858]).
 *
 * Listens as a raw 9100 printer on 127.0.0.1:N (default 9100), prints every
 * job as text on stdout, takes commands on stdin (`ajuda` lists them) and
 * serves an HTTP control on N+1 (see ./control.ts).
 */

import readline from 'node:readline';
import { CODEPAGES, type Codepage } from '../../printing/codepages.js';
import { startEmulatorControl } from './control.js';
import { emulatorModeOf, startPrinterEmulator, type EmulatorJob, type EmulatorMode, type EmulatorOptions } from './server.js';

const HELP = `Comandos:
  papel          sem papel / com papel (alterna)
  tampa          tampa aberta / fechada (alterna)
  quase          papel quase no fim
  fora           fora de linha
  erro           erro da impressora (guilhotina)
  lento [ms]     lê cada ligação só ao fim de ms (predefinição 2500)
  cair [bytes]   corta a ligação ao fim de bytes (predefinição 32)
  desligar       deixa de escutar (ligações recusadas)
  normal | ligar volta ao normal
  estado         modo atual
  trabalhos      lista os trabalhos recebidos
  limpar         esquece os trabalhos
  sair`;

const MODE_NAMES: Record<EmulatorMode, string> = {
  normal: 'normal',
  paper_near_end: 'papel quase no fim',
  paper_out: 'sem papel',
  cover_open: 'tampa aberta',
  offline: 'fora de linha',
  error: 'erro',
  slow: 'lenta',
  drop: 'corta a ligação',
  down: 'desligada',
};

function args(argv: string[]): { port: number; controlPort: number | null; host: string; codepage?: Codepage } {
  const get = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    if (i >= 0) return argv[i + 1];
    const eq = argv.find((a) => a.startsWith(`${name}=`));
    return eq?.slice(name.length + 1);
  };
  const num = (name: string, fallback: number | null): number | null => {
    const v = get(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 65535) {
      console.error(`${name}: porta inválida (${v})`);
      process.exit(2);
    }
    return n;
  };
  const port = num('--port', 9100) ?? 9100;
  const codepage = get('--codepage');
  if (codepage !== undefined && !CODEPAGES.includes(codepage as Codepage)) {
    console.error(`--codepage: página de códigos desconhecida (${codepage}); conhecidas: ${CODEPAGES.join(', ')}`);
    process.exit(2);
  }
  return {
    port,
    controlPort: num('--control-port', null),
    host: get('--host') ?? '127.0.0.1',
    ...(codepage === undefined ? {} : { codepage: codepage as Codepage }),
  };
}

function time(iso: string): string {
  return new Date(iso).toLocaleTimeString('pt-PT', { hour12: false });
}

function describe(job: EmulatorJob): string {
  const pulses =
    job.drawerPulses.length === 0
      ? 'gaveta: não'
      : `gaveta: ${job.drawerPulses.length} impulso(s) ${job.drawerPulses.map((p) => `pino ${p.pin} ${p.onMs}/${p.offMs} ms`).join(', ')}`;
  const state = [
    job.printed ? 'impresso' : `NÃO impresso (${MODE_NAMES[job.mode]})`,
    ...(job.complete ? [] : ['INCOMPLETO (ligação cortada)']),
  ];
  const head = [
    `Trabalho n.º ${job.id}`,
    time(job.at),
    `${job.bytes.length} bytes`,
    pulses,
    `corte: ${job.cuts === 0 ? 'não' : job.cuts === 1 ? 'sim' : job.cuts}`,
    ...(job.codepage ? [job.codepage] : []),
    ...state,
  ].join(' · ');
  const body = job.lines.map((l) => `│ ${l}`);
  const extra = [
    ...job.qr.map((q) => `│ [QR] ${q}`),
    ...(job.unknown?.length ? [`│ (comandos desconhecidos: ${job.unknown.join(' | ')})`] : []),
  ];
  return [`┌─ ${head}`, ...body, ...extra, '└─'].join('\n');
}

async function main(): Promise<void> {
  const a = args(process.argv.slice(2));
  const opts: EmulatorOptions = { port: a.port, host: a.host };
  if (a.codepage !== undefined) opts.codepage = a.codepage;
  const emu = await startPrinterEmulator(opts);
  const control = await startEmulatorControl(emu, { port: a.controlPort ?? (a.port === 0 ? 0 : a.port + 1), host: a.host });
  console.log(`Emulador de impressora em ${emu.host}:${emu.port}`);
  console.log(`Controlo HTTP em http://${emu.host}:${control.port} (GET /jobs, POST /mode/<modo>)`);
  console.log('Escreva "ajuda".');

  emu.onJob((job) => console.log(describe(job)));
  emu.on('mode', (m: EmulatorMode) => console.log(`Modo: ${MODE_NAMES[m]} (${m})`));

  const stop = async (): Promise<void> => {
    await control.close();
    await emu.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  rl.on('line', (raw) => {
    const [cmd = '', arg] = raw.trim().toLowerCase().split(/\s+/);
    const n = arg === undefined ? undefined : Number(arg);
    const run = async (): Promise<void> => {
      switch (cmd) {
        case '':
          return;
        case 'papel':
          return emu.setMode(emu.mode === 'paper_out' ? 'normal' : 'paper_out');
        case 'tampa':
          return emu.setMode(emu.mode === 'cover_open' ? 'normal' : 'cover_open');
        case 'quase':
          return emu.setMode('paper_near_end');
        case 'fora':
          return emu.setMode('offline');
        case 'erro':
          return emu.setMode('error');
        case 'lento':
          return emu.setMode('slow', n !== undefined && Number.isFinite(n) ? { delayMs: n } : {});
        case 'cair':
          return emu.setMode('drop', n !== undefined && Number.isFinite(n) ? { dropAfterBytes: n } : {});
        case 'desligar':
          return emu.setMode('down');
        case 'normal':
        case 'ligar':
          return emu.setMode('normal');
        case 'estado':
          console.log(`Modo: ${MODE_NAMES[emu.mode]} (${emu.mode}); ${emu.jobs.length} trabalho(s); porta ${emu.port}`);
          return;
        case 'trabalhos':
          for (const j of emu.jobs) console.log(`n.º ${j.id} ${time(j.at)} ${j.bytes.length} bytes ${j.printed ? 'impresso' : 'não impresso'} ${j.lines[0] ?? ''}`);
          if (emu.jobs.length === 0) console.log('Sem trabalhos.');
          return;
        case 'limpar':
          emu.clearJobs();
          console.log('Trabalhos esquecidos.');
          return;
        case 'ajuda':
        case '?':
          console.log(HELP);
          return;
        case 'sair':
          return stop();
        default: {
          // A mode by its name too (`down`, `paper_out`), as the HTTP control takes it.
          const mode = emulatorModeOf(cmd);
          if (mode !== null) return emu.setMode(mode);
          console.log(`Comando desconhecido: ${cmd}. Escreva "ajuda".`);
        }
      }
    };
    run().catch((e: unknown) => console.error(e instanceof Error ? e.message : e));
  });
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
