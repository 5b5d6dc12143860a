import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The workflow engine (apps/server/src/workflow/) is the only code that changes a workflow's status
 * or writes its history, and the shared machine is read through its methods: nothing else writes
 * status history, asks a machine's `next` or reads its rule table.
 */
const ENGINE_ONLY = [
  {
    selector:
      "CallExpression[callee.property.name='record']:matches([callee.object.name='statusHistory'], [callee.object.property.name='statusHistory'])",
    message:
      'Status history is written by the workflow engine: take a step (takeStep, tx.step) or tx.create / tx.record.',
  },
  {
    selector:
      "CallExpression[callee.property.name='next']:matches([callee.object.name=/[mM]achine$/], [callee.object.property.name=/[mM]achine$/])",
    message:
      "A workflow's next status is decided by the engine (machine.check inside a step), never asked aside.",
  },
  {
    selector: "MemberExpression[computed=true][object.type='MemberExpression'][object.property.name='rules']",
    message:
      "A machine's rules are read through its methods (mayTake, rolesOf, startsFrom, target, actionsFor).",
  },
];
const ENGINE_FILES = ['apps/server/src/workflow/**', 'packages/shared/src/workflow/machine.ts'];

/** One repository owns every write to the `rfqs` table. */
const RFQ_WRITES = [
  {
    selector:
      "CallExpression:matches([callee.property.name='update'], [callee.property.name='insert'], [callee.property.name='delete'])[arguments.0.name='rfqs']",
    message: 'Every write to rfqs goes through the RFQ repository (rfqs.repository.ts): call repos.rfqs.',
  },
  {
    selector: 'TemplateElement[value.raw=/\\b(update|insert\\s+into|delete\\s+from)\\s+rfqs\\b/i]',
    message: 'Every write to rfqs goes through the RFQ repository (rfqs.repository.ts): call repos.rfqs.',
  },
];

/** Production server code does not import test code (kept by the blocks below). */
const TEST_CODE_PATHS = [{ name: 'vitest', message: 'Test kits live in apps/server/test/.' }];
const TEST_CODE_PATTERNS = [{ group: ['**/test/*'], message: 'Test kits live in apps/server/test/.' }];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // A module's manifest adds its repositories with `interface Repositories extends RepositoriesOf<…> {}`.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ENGINE_FILES,
    rules: { 'no-restricted-syntax': ['error', ...ENGINE_ONLY] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [...ENGINE_FILES, '**/rfqs.repository.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ENGINE_ONLY, ...RFQ_WRITES] },
  },
  {
    // Test kits and fixtures live in apps/server/test/: production code imports neither them nor vitest.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: TEST_CODE_PATHS, patterns: TEST_CODE_PATTERNS }] },
  },
  {
    // Layers: services take plain values (never a request, a reply or any other Fastify type) ...
    files: ['apps/server/src/**/*.service.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: TEST_CODE_PATTERNS,
          paths: [
            ...TEST_CODE_PATHS,
            {
              name: 'fastify',
              message:
                'A service takes (context, actor, input) and logs through lib/logger.ts; parse the request in the route.',
            },
          ],
        },
      ],
    },
  },
  {
    // ... and routes call services, never repositories.
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression > MemberExpression.callee > MemberExpression.object[object.name='ctx'][property.name!='database']",
          message: 'A route calls a service; the service calls the repository.',
        },
        // This block's rule replaces the one above for routes: keep the engine's selectors.
        ...ENGINE_ONLY,
      ],
    },
  },
  {
    // Browser tests take `test` from the fixtures: their own server per worker and the phone-width check.
    files: ['e2e/tests/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from './fixtures.ts'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '**/scripts/**', '.ci/**'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: { 'no-console': 'off' },
  },
);
