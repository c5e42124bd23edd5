// @ts-check
import eslint from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * ESLint's and typescript-eslint's recommended rules, plus the type-aware rules that catch
 * real bugs (a promise nobody awaits, an async callback where a sync one is expected, an
 * `await` on a non-promise). `npm run typecheck` still does the type checking; formatting
 * is Prettier's job (.prettierrc.json); nothing here concerns layout.
 */
export default defineConfig(
  { ignores: ['dist/', 'coverage/', '.data/', 'node_modules/', 'uploads/', 'bench/results/'] },
  eslint.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      // A leading underscore marks a parameter an interface requires and this implementation ignores.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Nest's metadata (Reflect.getMetadata, controllers) and process.listeners() are typed with Function.
      '@typescript-eslint/no-unsafe-function-type': 'off',
    },
  },
  {
    // Type-aware rules: a few from recommendedTypeChecked, not all of it. The no-unsafe-*
    // family would flag every untyped JSON body the e2e specs read (thousands of hits) and
    // require-await is style, not a bug.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise left floating loses its rejection (an unhandled rejection ends the process)
      // and its ordering; `void` marks the ones that are fire-and-forget on purpose.
      '@typescript-eslint/no-floating-promises': 'error',
      // An async function passed where a void callback is expected (Express handlers,
      // EventEmitter listeners, forEach) has its rejection dropped.
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-array-delete': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      // Callback APIs (express-session, pg) hand over their error as `any`: passing it on is fine.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      '@typescript-eslint/no-duplicate-type-constituents': 'error',
      '@typescript-eslint/no-redundant-type-constituents': 'error',
      '@typescript-eslint/restrict-plus-operands': 'error',
      '@typescript-eslint/no-unsafe-unary-minus': 'error',
    },
  },
  {
    // Tests read response bodies as loosely typed JSON.
    files: ['test/**/*.ts', '**/*.spec.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Plain CommonJS files run by node or jest as they are.
    files: ['**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
