// @ts-check
import eslint from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * ESLint's and typescript-eslint's recommended rules (syntax only, no type information:
 * `npm run typecheck` does the type checking). Formatting is Prettier's job
 * (.prettierrc.json); nothing here concerns layout.
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
