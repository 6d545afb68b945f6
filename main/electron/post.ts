/**
 * What the installed program starts as (issue 24, point 4), decided from what
 * is in its data folder and its arguments; pure, so every branch is tested
 * (post.test.ts). post-start.ts acts on the plan.
 *   post.json   this post's role, written once by the first-run screen (0600):
 *               {"mode":"standalone"} | {"mode":"hall","terminalsPort":P,"bind":"ADDR"} | {"mode":"counter"}
 *               (a counter's enrolment is the identity files enrollAtHall writes beside it).
 */
import { DEFAULT_TERMINALS_BIND, DEFAULT_TERMINALS_PORT, POST_MODES, type PostMode } from '../../core/terminals/post.js';

export const POST_FILE = 'post.json';

export type PostFile = { mode: 'standalone' } | { mode: 'hall'; terminalsPort: number; bind: string } | { mode: 'counter' };

/** The post's role from the command line (tests, a technician): overrides post.json for this start, writes nothing. */
export interface PostArgs {
  post: PostMode | null;
  terminalsPort: number | null;
  bind: string | null;
}

/** What the data folder holds, as far as the decision goes. */
export interface PostDisk {
  /** post.json read: its role, null when there is none, 'invalid' when it cannot be read as one. */
  postFile: PostFile | null | 'invalid';
  /** kiosk.sqlite is there: a kiosk (or a hall server) of before post.json, or one whose role file is lost. */
  hasDatabase: boolean;
  /** A counter's enrolment is there (hall.json beside its key and certificate). */
  hasIdentity: boolean;
}

export type PostPlan =
  | { kind: 'choose' }
  | { kind: 'standalone' }
  | { kind: 'hall'; terminalsPort: number; bind: string }
  | { kind: 'counter' }
  | { kind: 'refuse'; reason: 'file-invalid' | 'not-enrolled' };

const isPort = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 65535;
const isBind = (v: unknown): v is string => typeof v === 'string' && /^[0-9A-Za-z.:-]{1,64}$/.test(v);

/** post.json's text as a role; null when it is not one (the program then refuses to start, never guesses). */
export function parsePostFile(text: string): PostFile | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const o = json as Record<string, unknown>;
  const keys = Object.keys(o).sort().join(',');
  if (o.mode === 'standalone' && keys === 'mode') return { mode: 'standalone' };
  if (o.mode === 'counter' && keys === 'mode') return { mode: 'counter' };
  if (o.mode === 'hall' && keys === 'bind,mode,terminalsPort' && isPort(o.terminalsPort) && isBind(o.bind)) {
    return { mode: 'hall', terminalsPort: o.terminalsPort, bind: o.bind };
  }
  return null;
}

export function postFileText(file: PostFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

function planOf(file: PostFile, disk: PostDisk, args: PostArgs): PostPlan {
  if (file.mode === 'counter') return disk.hasIdentity ? { kind: 'counter' } : { kind: 'refuse', reason: 'not-enrolled' };
  if (file.mode === 'standalone') return { kind: 'standalone' };
  return { kind: 'hall', terminalsPort: args.terminalsPort ?? file.terminalsPort, bind: args.bind ?? file.bind };
}

/**
 * What starts: the command line's --post first (for this start only); then
 * post.json; without it, a folder with a database is the standalone kiosk it
 * always was (kiosks installed before roles keep working), one with a
 * counter's enrolment (made by `npm run counter`) is that counter, and an
 * empty one asks at the first-run screen.
 */
export function planPost(disk: PostDisk, args: PostArgs): PostPlan {
  if (args.post !== null) {
    const fileHall = disk.postFile !== null && disk.postFile !== 'invalid' && disk.postFile.mode === 'hall' ? disk.postFile : null;
    const asked: PostFile =
      args.post === 'hall'
        ? { mode: 'hall', terminalsPort: fileHall?.terminalsPort ?? DEFAULT_TERMINALS_PORT, bind: fileHall?.bind ?? DEFAULT_TERMINALS_BIND }
        : { mode: args.post };
    return planOf(asked, disk, args);
  }
  if (disk.postFile === 'invalid') return { kind: 'refuse', reason: 'file-invalid' };
  if (disk.postFile !== null) return planOf(disk.postFile, disk, args);
  if (disk.hasDatabase) return { kind: 'standalone' };
  if (disk.hasIdentity) return { kind: 'counter' };
  return { kind: 'choose' };
}

/** `--post` as typed, or null when it names no role. */
export function postModeOf(value: string): PostMode | null {
  return (POST_MODES as readonly string[]).includes(value) ? (value as PostMode) : null;
}
