/** Types of tools/lint/boundaries.mjs for the tests that use it. */
export function zoneOf(file: string): string | null;
export function allowed(from: string, to: string | null): string | null;
export function fileRefused(file: string, target: string, reexport?: boolean): string | null;
export const SQL: RegExp;
export function looksLikeSql(text: string): boolean;
export function templateText(quasis: readonly string[]): string;
declare const plugin: { rules: Record<string, unknown> };
export default plugin;
