/** Types of tools/lint/boundaries.mjs for the tests that use it. */
export function zoneOf(file: string): string | null;
export function allowed(from: string, to: string | null): string | null;
export function fileRefused(file: string, target: string): string | null;
declare const plugin: { rules: Record<string, unknown> };
export default plugin;
