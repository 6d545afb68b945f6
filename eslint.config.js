// Lint, including the import rules of ARCHITECTURE.md's folders and domains
// (tools/lint/boundaries.mjs: every file has a zone, every import is judged),
// no SQL outside db/ (every literal read whole), and audit rows written by the dispatcher alone.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './tools/lint/boundaries.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.kiosk-data/**', 'test-results/**', 'release/**'] },
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
  {
    files: ['**/*.{ts,tsx,cts,mts}'],
    plugins: { boundaries },
    rules: { 'boundaries/imports': 'error', 'boundaries/sql': 'error', 'boundaries/audit': 'error' },
  },
);
