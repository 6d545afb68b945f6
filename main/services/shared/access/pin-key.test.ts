/**
 * The PIN key at start (issue 37): made only while no PIN is sealed; a
 * missing, swapped or unreadable pin.key stops the start in words naming the
 * file and what to do, instead of a new key that would turn every right PIN
 * wrong (and lock the operators out) or a raw EISDIR.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { refusalText } from '../../../../core/errors.js';
import { KioskError } from '../../../../core/refusal.js';
import { openKiosk } from '../../../kiosk.js';
import { createHarness } from '../../../../test/harness.js';
import { PIN_KEY_FILE } from './pin-key.js';
import { PROGRAM } from '../../../../test/program.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A hall whose admin has a PIN sealed under the folder's key; closed, its folder left. */
async function hallFolder(): Promise<{ dataDir: string; recoveryCode: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-pin-key-'));
  dirs.push(dataDir);
  const h = await createHarness({ dataDir });
  const { recoveryCode } = await h.ok('setup.init', { hallName: 'Sala', admin: { username: 'admin', name: 'Admin', pin: '1111' } });
  h.close();
  return { dataDir, recoveryCode };
}

async function startRefusal(dataDir: string): Promise<KioskError> {
  const e: unknown = await openKiosk({ dataDir, logError: () => {} }).then(
    (k) => {
      k.close();
      return null;
    },
    (error: unknown) => error,
  );
  if (!(e instanceof KioskError)) throw new Error(`expected a refusal at start, got ${String(e)}`);
  return e;
}

describe('the PIN key at start', () => {
  it('is made in a new data folder, 32 random bytes in hexadecimal, owner only', async () => {
    const { dataDir } = await hallFolder();
    const text = readFileSync(join(dataDir, PIN_KEY_FILE), 'utf8');
    expect(text).toMatch(/^[0-9a-f]{64}\n$/);
    expect(statSync(join(dataDir, PIN_KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it('missing while PINs are sealed: the start is refused naming the file, and no key is made', async () => {
    const { dataDir } = await hallFolder();
    const file = join(dataDir, PIN_KEY_FILE);
    rmSync(file);
    const e = await startRefusal(dataDir);
    expect(e.code).toBe('PIN_KEY_MISSING');
    const [pt, en] = refusalText(e).split('\n');
    expect(pt).toBe(
      `Falta a chave dos PIN desta sala (${file}): os PIN dos operadores estão selados com ela, e sem ela nenhum PIN certo seria aceite. O quiosque não arranca nem faz uma chave nova: reponha nesse lugar o ficheiro pin.key desta sala a partir da sua cópia de segurança (guardada com as cópias da sala) e arranque de novo. Só se estiver perdida de vez: arranque uma vez com --new-pin-key e entre com o código de recuperação do administrador (cada operador recebe depois um PIN novo).`,
    );
    expect(en).toMatch(new RegExp(`^This hall's PIN key \\(${file.replace(/[.]/g, '\\.')}\\) is missing`));
    expect(() => statSync(file)).toThrow(/ENOENT/);
  });

  it('swapped for another key: the start is refused, the file left as it is; the hall’s own key starts it again', async () => {
    const { dataDir } = await hallFolder();
    const file = join(dataDir, PIN_KEY_FILE);
    const own = readFileSync(file);
    const other = `${randomBytes(32).toString('hex')}\n`;
    writeFileSync(file, other);
    const e = await startRefusal(dataDir);
    expect(e.code).toBe('PIN_KEY_OTHER');
    expect(refusalText(e).split('\n')[0]).toBe(
      `A chave dos PIN ${file} não é a desta sala (os PIN dos operadores foram selados com outra chave): com ela nenhum PIN certo seria aceite. O quiosque não arranca: reponha nesse lugar o ficheiro pin.key desta sala a partir da sua cópia de segurança (guardada com as cópias da sala) e arranque de novo.`,
    );
    expect(readFileSync(file, 'utf8')).toBe(other);
    writeFileSync(file, own);
    const h = await createHarness({ dataDir });
    expect(await h.login('admin', '1111')).toEqual(expect.any(String));
    h.close();
  });

  it('a folder in its place, or a file that is no key: refused by name, not a raw EISDIR', async () => {
    const { dataDir } = await hallFolder();
    const file = join(dataDir, PIN_KEY_FILE);
    rmSync(file);
    mkdirSync(file);
    const folder = await startRefusal(dataDir);
    expect([folder.code, folder.params]).toEqual(['PIN_KEY_UNREADABLE', { file, detail: 'directory' }]);
    expect(refusalText(folder).split('\n')[0]).toBe(
      `A chave dos PIN ${file} não se consegue ler (é uma pasta). O quiosque não arranca: reponha nesse lugar o ficheiro pin.key desta sala a partir da sua cópia de segurança (guardada com as cópias da sala), legível pelo utilizador do quiosque, e arranque de novo.`,
    );
    expect(refusalText(folder).split('\n')[1]).toContain('(it is a folder)');
    rmSync(file, { recursive: true });
    writeFileSync(file, 'not a key\n');
    const garbage = await startRefusal(dataDir);
    expect([garbage.code, garbage.params]).toEqual(['PIN_KEY_UNREADABLE', { file, detail: 'format' }]);
  });

  it('lost for good (--new-pin-key): a new key, no PIN verifies, and the admin’s recovery code gets the hall back in', async () => {
    const { dataDir, recoveryCode } = await hallFolder();
    rmSync(join(dataDir, PIN_KEY_FILE));
    const h = await createHarness({ dataDir, newPinKey: true });
    expect((await h.ok('setup.status', {})).pinKey).toBe('other');
    expect((await h.refused('auth.login', { username: 'admin', pin: '1111' })).code).toBe('INVALID_CREDENTIALS');
    await h.ok('auth.recover', { username: 'admin', recoveryCode, pin: '9753' });
    h.close();
    // The new key is the hall's from then on: a plain start takes it.
    const again = await createHarness({ dataDir });
    expect(await again.login('admin', '9753')).toEqual(expect.any(String));
    again.close();
  });

  it('the command line says the refusal in words, pt-PT then English, and exits 1', async () => {
    const { dataDir } = await hallFolder();
    rmSync(join(dataDir, PIN_KEY_FILE));
    const r = spawnSync(process.execPath, [...PROGRAM, 'web', '--data-dir', dataDir, '--port', '0'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^Falta a chave dos PIN desta sala \(/);
    expect(lines[1]).toMatch(/^This hall's PIN key \(/);
    expect(r.stderr).not.toMatch(/\bat \w+ \(/);
  });
});
