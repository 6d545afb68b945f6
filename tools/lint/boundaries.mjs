/**
 * The house's import rules (ARCHITECTURE.md, Folders and domains) as one
 * ESLint rule. Every source file belongs to exactly one zone (zoneOf); each
 * zone lists the zones it may import from. A relative import is resolved to
 * the file it names, so `../../db/x.js` is judged by where it lands, not by
 * how it is spelled. test/boundaries.test.ts checks that every file of the
 * tree has a zone; main/lint-rules.test.ts proves each rule with probes.
 */
import path from 'node:path';

const DOMAIN_SCREENS = /^renderer\/screens\/([^/]+)\//;

/** The zone of a repository-relative path (forward slashes), or null. */
export function zoneOf(file) {
  const f = file.replace(/\\/g, '/');
  let m;
  // Tests sit beside the file they test and may reach any part (harness, fixtures, emulator).
  if (/\.(test|spec)\.(ts|tsx)$/.test(f)) return 'tests';
  if (/^core\/[^/]+\.(ts|tsx)$/.test(f)) return 'core';
  if ((m = /^core\/([^/]+)\//.exec(f))) return `core/${m[1]}`;
  if (f.startsWith('db/')) return 'db';
  if (f.startsWith('printing/')) return 'printing';
  // The shared kit by role: the people's credentials, the hall's signing, and at its top what every handler uses.
  if (f.startsWith('main/services/shared/access/')) return 'services/shared/access';
  if (f.startsWith('main/services/shared/signing/')) return 'services/shared/signing';
  if (f.startsWith('main/services/shared/')) return 'services/shared';
  if (f === 'main/services/index.ts') return 'services';
  if ((m = /^main\/services\/([^/]+)\//.exec(f))) return `services/${m[1]}`;
  if (f.startsWith('main/rpc/')) return 'rpc';
  if (f.startsWith('main/printing/')) return 'main/printing';
  if (f.startsWith('main/workers/')) return 'main/workers';
  if (f.startsWith('main/web/')) return 'web';
  if (f.startsWith('main/hall/')) return 'hall';
  if (f.startsWith('main/counter/')) return 'counter';
  if (f.startsWith('main/journal/')) return 'journal';
  if (f.startsWith('main/group/')) return 'group';
  if (f.startsWith('main/inspector/')) return 'inspector';
  if (f.startsWith('main/electron/')) return 'electron';
  if (f.startsWith('main/demo/')) return 'demo';
  if (f === 'main/kiosk.ts') return 'kiosk';
  if (f === 'main/cli.ts') return 'cli';
  if (f === 'main/version.ts') return 'version';
  if (f.startsWith('main/programs/')) return 'programs';
  if (f.startsWith('main/watch/')) return 'watch';
  if ((m = DOMAIN_SCREENS.exec(f))) return `screens/${m[1]}`;
  if (f.startsWith('renderer/')) return 'renderer';
  if (/^(test|tools|bench|e2e|scripts)\//.test(f) || /^[^/]+\.(ts|js|mjs|cjs)$/.test(f)) return 'dev';
  return null;
}

const DEV_ZONES = new Set(['dev', 'tests']);
/** The services' shared kit, every room of it: what a domain's handlers may use. */
const SHARED_KIT = new Set(['services/shared', 'services/shared/access', 'services/shared/signing']);
/** The hall's posts: what runs in a hall (a kiosk, browser mode's server, the hall server, a counter, the installed program). */
const HALL_POSTS = new Set(['kiosk', 'web', 'hall', 'counter', 'electron']);

/** May a file of zone `from` import a file of zone `to`? Returns the reason when not. */
export function allowed(from, to) {
  if (to === null) return 'imports a file outside every zone';
  if (DEV_ZONES.has(from)) return null;
  // Nothing of main/, core/, db/, printing/ or renderer/ imports tests or tools (the demo hall is main/demo/'s).
  if (DEV_ZONES.has(to)) return 'a shipped file may not import test/, tools/, bench/, e2e/ or scripts/';
  const [fromKind, fromDomain] = from.split('/');
  const [toKind, toDomain] = to.split('/');
  // The program's version (main/version.ts reads the build stamp or git): any part of main/ may read it; the pure
  // layers (core/, db/, printing/, the renderer) are handed it as a value.
  if (to === 'version') {
    return ['core', 'db', 'printing', 'renderer', 'screens'].includes(fromKind) ? `${from} is handed the program's version as a value; main/version.ts reads files and git` : null;
  }
  // A hall runs its shipper, never the group's programs; the group's programs run no post of a hall.
  if ((HALL_POSTS.has(from) || from === 'journal') && to === 'group') return `${from} may not import group: a hall never runs the group's programs (main/group/)`;
  if (from === 'group' && HALL_POSTS.has(to)) return `group may not import ${to}: the group's programs never import the hall's posts`;
  const rule = {
    // The kernel merges the domains' slices (contract, errors); the domains import the kernel.
    core: () => toKind === 'core',
    db: () => toKind === 'core' || to === 'db',
    printing: () => toKind === 'core' || to === 'printing',
    'services/shared': () => toKind === 'core' || to === 'db' || to === 'printing' || SHARED_KIT.has(to),
    // The people's credentials as the kiosk keeps them (the PIN's hash, its key, the sessions): below the command's
    // context (which holds them) and apart from the hall's signing.
    'services/shared/access': () => toKind === 'core' || to === 'db' || to === 'services/shared/access',
    // The hall's key, keyring, signed checkpoints and cosignatures: the audited write, never the people's credentials.
    'services/shared/signing': () => toKind === 'core' || to === 'db' || to === 'services/shared' || to === 'services/shared/signing',
    services: () => toKind === 'services' || toKind === 'core',
    rpc: () => toKind === 'core' || to === 'db' || toKind === 'services' || to === 'rpc',
    'main/printing': () => toKind === 'core' || to === 'db' || to === 'printing' || to === 'main/printing' || to === 'main/workers',
    // Worker threads and what runs in them: the kernel and the SQL layer only.
    'main/workers': () => toKind === 'core' || to === 'db' || to === 'main/workers',
    // The kiosk starts the inspector's export in its worker thread (session.export's I/O).
    kiosk: () => ['core', 'db', 'printing', 'main/printing', 'main/workers', 'rpc', 'services', ...SHARED_KIT, 'inspector', 'watch'].includes(to) || toKind === 'core',
    web: () => toKind === 'core' || to === 'kiosk' || to === 'web' || to === 'watch',
    // A post's health, metrics and log (main/watch/): read through db/, served by web/, started by the programs.
    watch: () => toKind === 'core' || to === 'db' || to === 'watch',
    // The installed program's post (post-start.ts) is a standalone kiosk, the hall server (its PKI and terminals
    // port) or a counter (its link to the hall and its printing), started as the command line starts them.
    // Each post answers through one dispatcher (rpc/posts.ts: its overlay over the kiosk's or the hall's). Its watched
    // parts are the command line's (programs/watched-post.ts: log, metrics, health, copier, back-office port), never a
    // web server of its own: its screens speak over IPC.
    electron: () => toKind === 'core' || to === 'kiosk' || to === 'electron' || to === 'hall' || to === 'counter' || to === 'rpc' || to === 'programs' || to === 'watch',
    // The hall server's transport (its PKI, the terminals port, a counter's enrolment): the redemption of a code is the terminals service's.
    // Its copier of backups off the machine (backup-copier.ts) writes and checks each copy in a worker thread.
    hall: () => toKind === 'core' || ['db', 'web', 'kiosk', 'rpc', 'services/terminals', 'hall', 'main/workers', 'watch'].includes(to),
    // A counter: the hall's link over browser mode's server; it opens no database of its own and prints its own terminal's jobs.
    counter: () => toKind === 'core' || ['web', 'hall', 'counter', 'printing', 'main/printing', 'rpc'].includes(to),
    // The hall's shipper: the hall's SQLite read through db/, PostgreSQL through its driver (here and in main/group/ only).
    journal: () => toKind === 'core' || to === 'db' || to === 'journal' || to === 'main/workers' || to === 'services/shared/signing',
    // The group's programs (verify, report, witness): the link and the entry's digest they share with the shipper
    // (main/journal/pool.ts, digest.ts); as a witness the group checks and cosigns the halls' checkpoints with the
    // hall key's format (services/shared/signing).
    group: () => toKind === 'core' || to === 'db' || to === 'group' || to === 'journal' || to === 'services/shared/signing',
    // The inspector's export and its check: made from a reader of the hall's file (the acta as the bingo domain
    // assembles it, the hall key's format) and checked with no database at all; built in a worker thread.
    inspector: () => toKind === 'core' || ['db', 'printing', 'services/shared/signing', 'services/bingo', 'main/workers', 'inspector'].includes(to),
    // The demo hall (`--demo`): seeded through a kiosk's dispatch like any caller, from the kernel's types.
    demo: () => toKind === 'core' || to === 'demo',
    // The launcher maps a command to its program.
    cli: () => to === 'programs' || toKind === 'core',
    // The command line's programs: the posts of browser mode (standalone, hall server, counter), the hall's checks and
    // restore, the hall's shipper (journal:ship), the group's programs (verify, report, witness) and the inspector's export and its check.
    programs: () => to === 'programs' || to === 'demo' || to === 'kiosk' || to === 'web' || to === 'db' || to === 'hall' || to === 'counter' || to === 'journal' || to === 'group' || to === 'inspector' || to === 'watch' || toKind === 'core',
    renderer: () => toKind === 'core' || to === 'renderer' || toKind === 'screens',
    version: () => false,
  };
  if (fromKind === 'core' && fromDomain) {
    // The inspector's offline check recomputes the acta's and the guias' figures and checks the signed log.
    const reads = fromDomain === 'inspector' ? ['bingo', 'caixa', 'transparency'] : [];
    return toKind === 'core' && (toDomain === undefined || toDomain === fromDomain || reads.includes(toDomain))
      ? null
      : `core/${fromDomain}/ may import only core/ (the kernel) and core/${fromDomain}/`;
  }
  if (fromKind === 'services' && fromDomain && fromDomain !== 'shared') {
    return toKind === 'core' || to === 'db' || to === 'printing' || SHARED_KIT.has(to) || to === from
      ? null
      : `main/services/${fromDomain}/ may import core/, db/, printing/ and main/services/shared/, never another domain's services or the rest of main/`;
  }
  if (fromKind === 'screens') {
    return toKind === 'core' || to === 'renderer' || to === from ? null : `renderer/screens/${fromDomain}/ may import core/, renderer/ and its own screens, not another domain's`;
  }
  const check = rule[from];
  if (!check) return `no rule for zone ${from}`;
  return check() ? null : `${from} may not import ${to}`;
}

/**
 * The kernel's merges of every domain's slices (the contract, the error
 * catalogue, the bridge over them). A file of core/ that imports one would
 * run an arrow back up into the domains (a domain's rule importing the
 * catalogue that imports every domain), so within core/ only the merges
 * import each other; a rule takes KioskError from the leaf core/refusal.ts.
 */
const MERGES = new Set(['core/errors.ts', 'core/contract.ts', 'core/bridge.ts']);

/**
 * The raw statement helper (SQL text in, a prepared statement out): db/'s
 * own, so SQL text runs in db/ only and a service calls db/'s functions. No
 * file re-exports it, so it cannot be reached through another.
 */
const RAW_SQL = 'db/sql.ts';

/**
 * What the group's programs share with the hall's shipper: the link to the
 * group's PostgreSQL and the entry's digest both sides compute. The rest of
 * main/journal/ (the shipper, its follower, its worker) is a hall's.
 */
const GROUP_SHARES = new Set(['main/journal/pool.ts', 'main/journal/digest.ts']);

/**
 * May the file `file` (repository-relative) import (or, `reexport`, export
 * from) the file `target`? Returns the reason when not (the zones aside).
 */
export function fileRefused(file, target, reexport = false) {
  const zone = zoneOf(file);
  if (zone === 'group' && zoneOf(target) === 'journal' && !GROUP_SHARES.has(target)) {
    return `group may import of main/journal/ only pool.ts and digest.ts (the link and the entry's digest it shares with the shipper), not ${target}`;
  }
  if (target === RAW_SQL) {
    if (reexport) return `no file re-exports ${RAW_SQL}, the raw statement helper (stmt): it stays db/'s own`;
    return zone === 'db' || DEV_ZONES.has(zone)
      ? null
      : `${zone} may not import ${RAW_SQL}, the raw statement helper (stmt): SQL text runs in db/ only; call a query or a command of db/<domain>`;
  }
  if (!MERGES.has(target) || MERGES.has(file) || !zone?.startsWith('core')) return null;
  const leaf = target === 'core/errors.ts' ? ': take KioskError and ErrorCode from core/refusal.ts, Params and Lang from core/catalogue.ts' : '';
  return `within core/ only the merges import ${target}, which imports every domain${leaf}`;
}

/** Packages and built-ins a zone may not use. */
const NODE = /^(node:|fs$|path$|http$|https$|crypto$|os$|child_process$|net$|worker_threads$)/;
/** TLS and the certificate library: the transport between counters and the hall server, nowhere else (ARCHITECTURE.md, Packages by zone). */
const TRANSPORT = /^(node:tls|node:https|tls|https|@peculiar\/x509)$/;
const TRANSPORT_ZONES = new Set(['hall', 'counter', 'dev', 'tests']);
/** The PostgreSQL driver: the hall's shipper and the group's programs only (ARCHITECTURE.md, Packages by zone); a sale never reaches it. */
const POSTGRES = /^(pg|pg-.+|postgres)$/;
const POSTGRES_ZONES = new Set(['journal', 'group', 'dev', 'tests']);
function packageRefused(zone, spec) {
  if (spec.startsWith('.')) return null;
  const kind = zone.split('/')[0];
  if ((kind === 'core' || kind === 'renderer' || kind === 'screens') && (NODE.test(spec) || spec === 'better-sqlite3' || spec === 'electron')) {
    return `${zone} may not use ${spec}`;
  }
  if (spec === 'better-sqlite3' && !['db', 'dev', 'tests'].includes(zone)) return `only db/ opens SQLite (${zone} may not use better-sqlite3)`;
  if (spec === 'electron' && !['electron', 'dev', 'tests'].includes(zone)) return `only main/electron/ uses Electron (${zone} may not)`;
  if (POSTGRES.test(spec) && !POSTGRES_ZONES.has(zone)) return `only the journal's shipper and the group's programs (main/journal/, main/group/) talk to PostgreSQL (${zone} may not use ${spec})`;
  if (TRANSPORT.test(spec) && !TRANSPORT_ZONES.has(zone)) return `only the hall's transport (main/hall/, main/counter/) uses TLS and certificates (${zone} may not use ${spec})`;
  return null;
}

const rule = {
  meta: { type: 'problem', schema: [], messages: { refused: '{{reason}} (see ARCHITECTURE.md, Folders and domains).' } },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const from = zoneOf(file);
    const checkSpec = (node, spec, reexport = false) => {
      if (typeof spec !== 'string') return;
      if (from === null) {
        context.report({ node, messageId: 'refused', data: { reason: `${file} belongs to no zone` } });
        return;
      }
      const refused = packageRefused(from, spec);
      if (refused) {
        context.report({ node, messageId: 'refused', data: { reason: refused } });
        return;
      }
      if (!spec.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(context.filename), spec)).split(path.sep).join('/').replace(/\.js$/, '.ts');
      const reason = allowed(from, zoneOf(target)) ?? fileRefused(file, target, reexport);
      if (reason) context.report({ node, messageId: 'refused', data: { reason: `${reason}: ${spec}` } });
    };
    return {
      ImportDeclaration: (node) => checkSpec(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && checkSpec(node, node.source.value, true),
      ExportAllDeclaration: (node) => checkSpec(node, node.source.value, true),
      ImportExpression: (node) => node.source.type === 'Literal' && checkSpec(node, node.source.value),
    };
  },
};

/**
 * SQL in a text: a statement's shape, case aside. `text` is a whole literal
 * (a template over several lines is one text, its `${...}` parts read as a
 * name), its white space taken as one space, so a statement split over lines
 * is seen as it runs.
 */
// `<select … value={from…}>` is a JSX element, not a query: a SELECT right after `<` is not SQL.
export const SQL = /\b((?<!<)SELECT\s+[\w*(].*\bFROM\b|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX|TRIGGER|VIEW)|DROP\s+TABLE|PRAGMA\s+\w+)/i;
export function looksLikeSql(text) {
  return SQL.test(text.replace(/\s+/g, ' '));
}

/** The text of a template literal, whole: its `${...}` parts stand as a name (`UPDATE ${table} SET` is still an UPDATE). */
export const templateText = (quasis) => quasis.join(' x ');

/** A better-sqlite3 call on a handle (db, ctx.db, reader, writer...), not RegExp.exec. */
const HANDLE = /(db|Db|reader|writer)$/;
const DRIVER_CALLS = new Set(['prepare', 'exec', 'pragma', 'transaction']);
const nameOf = (node) => (node.type === 'Identifier' ? node.name : node.type === 'MemberExpression' && !node.computed ? node.property.name : null);

/** Zones where SQL may stand: db/ (and what never ships). */
const SQL_ZONES = new Set(['db', 'dev', 'tests']);

/**
 * No SQL outside db/ (ARCHITECTURE.md): every string and template literal of
 * a shipped file is read whole, so a statement over several lines is seen,
 * and no driver call is made on a handle there.
 */
const sqlRule = {
  meta: { type: 'problem', schema: [], messages: { sql: '{{what}} in {{zone}}: SQL lives in db/ only; call a query or a command of db/<domain> (see ARCHITECTURE.md, Folders and domains).' } },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const zone = zoneOf(file);
    if (zone === null || SQL_ZONES.has(zone)) return {};
    const report = (node, what) => context.report({ node, messageId: 'sql', data: { what, zone } });
    return {
      Literal: (node) => typeof node.value === 'string' && looksLikeSql(node.value) && report(node, 'SQL text'),
      TemplateLiteral: (node) => looksLikeSql(templateText(node.quasis.map((q) => q.value.cooked ?? q.value.raw))) && report(node, 'SQL text'),
      JSXText: (node) => looksLikeSql(node.value) && report(node, 'SQL text'),
      CallExpression: (node) => {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || !DRIVER_CALLS.has(callee.property.name)) return;
        const handle = nameOf(callee.object);
        if (handle && HANDLE.test(handle)) report(node, `A driver call (${handle}.${callee.property.name})`);
      },
    };
  },
};

/** The one module of the audit log's SQL and its writer (appendAudit). */
const AUDIT_MODULE = 'db/audit.ts';
const AUDIT_WRITER = 'appendAudit';
/** SQL that writes the audit log: INSERT INTO audit_log. */
export const AUDIT_INSERT = /\bINSERT\s+(OR\s+\w+\s+)?INTO\s+["`]?audit_log\b/i;

/**
 * Audit rows are written only inside the dispatcher's transaction (issue 39,
 * point 3): db/audit.ts alone holds the SQL that appends one, and only the
 * dispatcher (main/rpc/: a command's row, the further rows and shared
 * refusals it hands out, the start's audited path) imports its writer; every
 * other part gets an `audit` function from the dispatcher's context, never
 * the writer.
 */
const auditRule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      writer: '{{zone}} may not import {{name}}: audit rows are written inside the dispatcher\'s transaction only (main/rpc/); take `audit` from its context (see ARCHITECTURE.md, One contract).',
      reexport: 'no file re-exports {{name}} of db/audit.ts: the dispatcher (main/rpc/) alone writes audit rows.',
      sql: 'SQL that writes the audit log outside db/audit.ts: audit rows are appended by its appendAudit, inside the dispatcher\'s transaction only.',
    },
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const zone = zoneOf(file);
    if (zone === null || DEV_ZONES.has(zone)) return {};
    const targetOf = (spec) =>
      typeof spec === 'string' && spec.startsWith('.') ? path.relative(root, path.resolve(path.dirname(context.filename), spec)).split(path.sep).join('/').replace(/\.js$/, '.ts') : null;
    const names = (node) => node.specifiers.map((sp) => (sp.type === 'ImportNamespaceSpecifier' ? '*' : sp.type === 'ImportDefaultSpecifier' ? 'default' : (sp.imported ?? sp.local).name ?? (sp.imported ?? sp.local).value));
    const sql = (node, text) => file !== AUDIT_MODULE && AUDIT_INSERT.test(text.replace(/\s+/g, ' ')) && context.report({ node, messageId: 'sql' });
    return {
      ImportDeclaration: (node) => {
        if (targetOf(node.source.value) !== AUDIT_MODULE || zone === 'rpc') return;
        for (const name of names(node)) if (name === AUDIT_WRITER || name === '*') context.report({ node, messageId: 'writer', data: { zone, name: name === '*' ? `* of ${AUDIT_MODULE}` : name } });
      },
      ExportNamedDeclaration: (node) => {
        if (!node.source || targetOf(node.source.value) !== AUDIT_MODULE) return;
        for (const sp of node.specifiers) if ((sp.local.name ?? sp.local.value) === AUDIT_WRITER) context.report({ node, messageId: 'reexport', data: { name: AUDIT_WRITER } });
      },
      ExportAllDeclaration: (node) => targetOf(node.source.value) === AUDIT_MODULE && context.report({ node, messageId: 'reexport', data: { name: '*' } }),
      Literal: (node) => typeof node.value === 'string' && sql(node, node.value),
      TemplateLiteral: (node) => sql(node, templateText(node.quasis.map((q) => q.value.cooked ?? q.value.raw))),
    };
  },
};

export default { rules: { imports: rule, sql: sqlRule, audit: auditRule } };
