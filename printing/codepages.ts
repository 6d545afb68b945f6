/**
 * The code pages of the receipt printers: the 256 characters of each page,
 * by byte, and the `ESC t n` number that selects it. printing/escpos.ts uses
 * them to refuse a character before it could print as a silent '?'; the
 * printer emulator's decoder reads bytes back with them.
 */

/** Code pages known here. Printers are configured with cp1252 or cp858. */
export type Codepage = 'cp437' | 'cp850' | 'cp858' | 'cp1252';

/** `ESC t n` numbers (Epson numbering, which the encoder's 'epson' mapping uses). */
export const ESC_T_CODEPAGES: Readonly<Record<number, Codepage>> = {
  0: 'cp437',
  2: 'cp850',
  16: 'cp1252',
  19: 'cp858',
};

/** Every code page known here. */
export const CODEPAGES: readonly Codepage[] = ['cp437', 'cp850', 'cp858', 'cp1252'];

/** The `ESC t n` value for each code page. */
export const ESC_T: Readonly<Record<Codepage, number>> = { cp437: 0, cp850: 2, cp1252: 16, cp858: 19 };

/** Stands for a byte that prints nothing we can name (control codes, undefined positions). */
export const NO_CHAR = '\uFFFD';

const U = NO_CHAR;

/** Bytes 0x80-0xFF of each page, one UTF-16 unit each. */
const HIGH: Record<Codepage, string> = {
  cp437:
    'ÇüéâäàåçêëèïîìÄÅ' +
    'ÉæÆôöòûùÿÖÜ¢£¥₧ƒ' +
    'áíóúñÑªº¿⌐¬½¼¡«»' +
    '░▒▓│┤╡╢╖╕╣║╗╝╜╛┐' +
    '└┴┬├─┼╞╟╚╔╩╦╠═╬╧' +
    '╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀' +
    'αßΓπΣσµτΦΘΩδ∞φε∩' +
    '≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0',
  cp850:
    'ÇüéâäàåçêëèïîìÄÅ' +
    'ÉæÆôöòûùÿÖÜø£Ø×ƒ' +
    'áíóúñÑªº¿®¬½¼¡«»' +
    '░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐' +
    '└┴┬├─┼ãÃ╚╔╩╦╠═╬¤' +
    'ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀' +
    'ÓßÔÒõÕµþÞÚÛÙýÝ¯´' +
    '\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0',
  // cp850 with the euro sign at 0xD5 instead of the dotless i.
  cp858: '',
  cp1252:
    `€${U}‚ƒ„…†‡ˆ‰Š‹Œ${U}Ž${U}` +
    `${U}\u2018\u2019\u201c\u201d•–—˜™š›œ${U}žŸ` +
    Array.from({ length: 0x60 }, (_, i) => String.fromCharCode(0xa0 + i)).join(''),
};
HIGH.cp858 = HIGH.cp850.slice(0, 0x55) + '€' + HIGH.cp850.slice(0x56);

const ASCII = Array.from({ length: 0x80 }, (_, i) => (i >= 0x20 && i < 0x7f ? String.fromCharCode(i) : U)).join('');

const TABLES = new Map<Codepage, string>();
for (const cp of Object.keys(HIGH) as Codepage[]) {
  const high = HIGH[cp];
  if (high.length !== 0x80) throw new Error(`code page table ${cp} has ${high.length} characters`);
  TABLES.set(cp, ASCII + high);
}

/** The 256 characters of a code page, by byte; NO_CHAR where nothing printable is defined. */
export function codepageTable(codepage: Codepage): string {
  const table = TABLES.get(codepage);
  if (!table) throw new Error(`unknown code page ${codepage}`);
  return table;
}
