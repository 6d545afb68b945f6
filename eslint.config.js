// Lint, including the import rules of ARCHITECTURE.md's folder table.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Everything a folder may not import: the folder table, enforced. */
function onlyImports(folder, forbidden) {
  return {
    files: [`${folder}/**/*.{ts,tsx,cts,mts}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbidden.map((f) => ({
            group: f.startsWith('node:') || !f.includes('/') ? [f] : [`**/${f}`, `${f}`],
            message: `${folder}/ may not import ${f} (see ARCHITECTURE.md, Folders).`,
          })),
        },
      ],
    },
  };
}

const NODE_BUILTINS = ['node:*', 'fs', 'path', 'http', 'crypto', 'os', 'child_process', 'net'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.kiosk-data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['main/electron/preload.cts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  onlyImports('core', ['db/**', 'main/**', 'printing/**', 'renderer/**', 'better-sqlite3', 'electron', ...NODE_BUILTINS]),
  onlyImports('db', ['main/**', 'printing/**', 'renderer/**', 'electron']),
  onlyImports('printing', ['db/**', 'main/**', 'renderer/**', 'better-sqlite3', 'electron']),
  onlyImports('main', ['renderer/**']),
  onlyImports('renderer', ['db/**', 'main/**', 'printing/**', 'better-sqlite3', 'electron', ...NODE_BUILTINS]),
);
