import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const electronImport = {
  paths: [
    {
      name: 'electron',
      message:
        'Only electron/main.ts and electron/preload.ts may import electron (docs/architecture.md, "Boundaries").',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'release/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', electronImport],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='require'][arguments.0.value='electron']",
          message: 'Only electron/main.ts and electron/preload.ts may require electron.',
        },
      ],
    },
  },
  {
    // Size limits keep modules and functions small enough to read in one sitting (docs/architecture.md).
    files: ['electron/**/*.ts', 'shared/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['electron/main.ts', 'electron/preload.ts'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' },
  },
  {
    // Renderer and shared code never touch Node or Electron; the gateway and till never import each other.
    files: ['renderer/**/*.{ts,tsx}', 'shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: electronImport.paths,
          patterns: [
            {
              group: ['node:*', '**/electron/**'],
              message: 'renderer/ and shared/ may not import Node or electron/ code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/gateway/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: electronImport.paths,
          patterns: [{ group: ['**/till/**'], message: 'The gateway never imports the till.' }],
        },
      ],
    },
  },
  {
    files: ['electron/till/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: electronImport.paths,
          patterns: [{ group: ['**/gateway/**'], message: 'The till reaches the gateway only over HTTP /v1.' }],
        },
      ],
    },
  },
  {
    // Tests read loosely-typed JSON answers; production code keeps the rule.
    files: ['test/**/*.ts', 'test/**/*.tsx', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', '.ci/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly' } },
  },
  {
    files: ['build/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
);
