/**
 * The export's offline check page: one HTML file with its script inside
 * (page/verifier-page.ts with core/inspector/check.ts, fflate and the noble hashes bundled),
 * so an inspector opens it from the ZIP in any browser, offline. Built once a
 * process: from the file the build wrote beside this module, or with esbuild
 * from the sources (the command line and tests under tsx).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export { PAGE_FILE } from '../../core/inspector/check.js';
import { PAGE_FILE } from '../../core/inspector/check.js';

let built: Promise<string> | undefined;

export function verifierPage(): Promise<string> {
  built ??= (async () => {
    const prebuilt = fileURLToPath(new URL(`./${PAGE_FILE}`, import.meta.url));
    if (existsSync(prebuilt)) return readFileSync(prebuilt, 'utf8');
    return pageHtml(await bundle());
  })();
  return built;
}

/** The page's script, for the build (scripts/build-verifier-page.mjs) and for a process running the sources. */
export async function bundle(): Promise<string> {
  const { build } = await import('esbuild');
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const entry = fileURLToPath(new URL(`./page/verifier-page${ext}`, import.meta.url));
  const r = await build({ entryPoints: [entry], bundle: true, format: 'iife', platform: 'browser', target: 'es2020', minify: true, write: false, legalComments: 'none' });
  return r.outputFiles[0]!.text;
}

/** The page around its script (a `</script>` inside the script is escaped so it cannot end the element). */
export function pageHtml(script: string): string {
  return `<!doctype html>
<html lang="pt-PT">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'">
<title>Verificação da exportação para a inspeção</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
h1 { font-size: 1.5rem; }
label { display: block; margin: 1rem 0 0.25rem; font-weight: 600; }
input[type=text] { width: 100%; font: 14px monospace; padding: 0.4rem; box-sizing: border-box; }
button { margin-top: 1rem; font-size: 1.1rem; padding: 0.5rem 1.5rem; }
#result { margin-top: 1.5rem; padding: 1rem; border-radius: 4px; white-space: pre-wrap; }
#result.ok { background: #e6f4ea; border: 2px solid #1e7e34; }
#result.fail { background: #fdecea; border: 2px solid #b00020; }
#result p { margin: 0.2rem 0; }
#result .head { font-weight: 700; font-size: 1.3rem; }
</style>
</head>
<body>
<h1>Verificação da exportação para a inspeção</h1>
<p>Esta página verifica, sem ligação à rede e sem o quiosque da sala, uma exportação dos livros de uma sessão de bingo: a assinatura da sala sobre o ponto de verificação, cada entrada do registo de auditoria e a sua prova de inclusão, a continuação do registo da sessão anterior, cada documento (vendas, anulações, prémios, reembolsos, guias, gavetas) contra a entrada que o escreveu, e os valores da acta e das guias recalculados a partir das linhas. Nada sai deste computador.</p>
<label for="zip">Ficheiro ZIP da exportação</label>
<input id="zip" type="file" accept=".zip,application/zip">
<label for="key">Chave pública da sala, impressa na acta ou no relatório Z (opcional; sem ela, usa-se a chave que vem na exportação)</label>
<input id="key" type="text" autocomplete="off" spellcheck="false" placeholder="nome+identificador+chave">
<label for="witness">Chave da testemunha do grupo (opcional; com ela, exige-se a cossinatura do grupo)</label>
<input id="witness" type="text" autocomplete="off" spellcheck="false" placeholder="nome+identificador+chave">
<button id="verify" type="button">Verificar</button>
<div id="result" role="status" aria-live="polite"></div>
<script>${script.replaceAll('</script', '<\\/script')}</script>
</body>
</html>
`;
}
