import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVICE_SCOPES = ['gateway', 'auth', 'sessions', 'chat-ingest', 'stats'];

/**
 * Services, web and tools depend on shared libraries only; services never import each other.
 * Tests may also use the tools (the Twitch emulator). Only the standalone runtime hosts services.
 * The `type:*` tags say what may be built on what: an app on services, libraries and tools; a
 * service, a library or a tool on libraries. `libs/testing` (type:testing) is for tests only:
 * production code that imports it fails the lint (shown by module-boundaries.int-spec.ts).
 */
function boundaries(inTests) {
  const allowed = inTests ? ['scope:shared', 'scope:tools'] : ['scope:shared'];
  // Tests may also use the test helpers and the tools (the Twitch emulator).
  const testing = inTests ? ['type:testing', 'type:tool'] : [];
  return [
    { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
    ...SERVICE_SCOPES.map((scope) => ({
      sourceTag: `scope:${scope}`,
      onlyDependOnLibsWithTags: allowed,
    })),
    { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:shared'] },
    { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['scope:shared'] },
    { sourceTag: 'scope:runtime', onlyDependOnLibsWithTags: ['*'] },
    {
      sourceTag: 'type:app',
      onlyDependOnLibsWithTags: ['type:service', 'type:lib', 'type:tool', ...testing],
    },
    { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib', ...testing] },
    { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib', ...testing] },
    { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib', ...testing] },
    {
      sourceTag: 'type:testing',
      onlyDependOnLibsWithTags: ['type:lib', 'type:tool', 'type:testing'],
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/data/**',
      '.nx/**',
      'test-artifacts/**',
      // Forbidden imports on purpose; libs/testing/test/module-boundaries.int-spec.ts lints them.
      '**/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': ['error', { allow: [], depConstraints: boundaries(false) }],
    },
  },
  {
    // The browser imports the wire part of the contracts alone: types and codes without the
    // validation classes' decorators and reflect-metadata.
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@greetboard/contracts',
              message: 'The web app imports @greetboard/contracts/wire.',
            },
          ],
        },
      ],
    },
  },
  {
    // Test files use the Jest globals imported from @jest/globals; relax rules that fight matchers.
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', { allow: [], depConstraints: boundaries(true) }],
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: globals.node },
  },
  prettier,
);
