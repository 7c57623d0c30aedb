// Lint for the whole tree, run by `npm run lint` as part of `npm test`. Type-aware: the rules of
// typescript-eslint's recommendedTypeChecked read the types of tsconfig.node.json and
// tsconfig.web.json (found through tsconfig.json's references by the project service), so they
// catch what a syntax-only lint cannot: promises left floating, promises handed to callbacks that
// ignore them, `any` leaking out of JSON. Formatting is Prettier's alone: none of the sets below
// carries a stylistic rule, and none is to be added.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // Built, installed, vendored or generated: not ours to lint (as in .prettierignore).
  globalIgnores([
    '**/node_modules/',
    'out/',
    'dist/',
    'release/',
    'coverage/',
    'test-artifacts/',
    '.bench/',
    '.tools/',
  ]),
  {
    linterOptions: {
      // A disable comment that no longer silences anything is a lie about the code: fail on it.
      reportUnusedDisableDirectives: 'error',
    },
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          // The types of scripts/build.mjs, which the tests and the bench import: no tsconfig
          // includes scripts/, so the project service opens it in a default project.
          allowDefaultProject: ['scripts/*.d.mts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    rules: {
      // `_name` is how the code says "unused on purpose": a parameter a signature requires, a field
      // left out of a rest copy (`const { secret: _secret, ...shown } = webhook`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // `async` here marks a function that fulfils a Promise-returning contract (IPC and HTTP
      // handlers, ports, test fakes) and turns its throws into rejections, which the callers
      // catch as such; removing it where nothing is awaited would change how it fails.
      '@typescript-eslint/require-await': 'off',
      // Passing on a caught error as it came (`reject(error)` for an `unknown`) is a rethrow.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          // Node declares its global URLSearchParams in @types/node's url module, not in lib:
          // `?${query}` is as sound with it as with lib's.
          allow: [
            { from: 'lib', name: ['Error', 'URL', 'URLSearchParams'] },
            { from: 'package', package: 'url', name: ['URLSearchParams'] },
          ],
        },
      ],
    },
  },
  {
    // The plain JavaScript (build and CI scripts, electron-builder hooks) belongs to no tsconfig:
    // it is linted by the rules that need no types.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // electron-builder loads its hooks with require(): CommonJS is what these files must be.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // The tests read the service's JSON answers and assert on their shape: typing each body
      // would restate the schemas under test, so a body is `any` and the assertions check it.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // It guards class methods passed around without their `this`. The renderer passes callback
      // props and zustand actions (`useSale((state) => state.create)`), plain functions that never
      // read `this`, and every report here was one of those; the main process keeps the rule.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
