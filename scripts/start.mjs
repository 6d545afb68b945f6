#!/usr/bin/env node
// `npm start`: the Electron kiosk when Electron's binary is installed; on
// machines where it is not (it cannot be downloaded everywhere), browser mode
// on 127.0.0.1 with the demo hall, printing the URL to open.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const extra = process.argv.slice(2);

function electronBinary() {
  try {
    const pkg = dirname(require.resolve('electron/package.json'));
    const pathFile = join(pkg, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const bin = join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status || 1);
}

const bin = electronBinary();
if (bin) {
  run('npm', ['run', 'build']);
  spawn(bin, ['.', '--demo', ...extra], { stdio: 'inherit' }).on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(
    'O binário do Electron não está instalado nesta máquina: a iniciar o quiosque em modo navegador.\n' +
      "(Electron's binary is not installed here: starting browser mode. Open the URL below in a browser.)",
  );
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
  spawn('npx', ['tsx', 'main/cli.ts', 'web', '--demo', ...extra], { stdio: 'inherit' }).on('exit', (code) => process.exit(code ?? 0));
}
