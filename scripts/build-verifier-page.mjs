// After the program is compiled to dist/ (scripts/build.mjs): the export's offline check page, bundled once beside the
// compiled main/inspector/page.js, so the installed program writes it into each export without esbuild.
import { writeFileSync } from 'node:fs';

const page = await import(new URL('../dist/main/inspector/page.js', import.meta.url).href);
const target = new URL(`../dist/main/inspector/${page.PAGE_FILE}`, import.meta.url);
writeFileSync(target, page.pageHtml(await page.bundle()));
console.log(`wrote ${target.pathname}`);
