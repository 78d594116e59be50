import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import { REPO_ROOT } from '../src/index.js';

/**
 * The repository's own lint configuration, run on the fixtures under `<project>/lint-fixtures`
 * (which `npm run lint` skips): each forbidden import fails with the module-boundaries rule.
 */
const eslint = new ESLint({
  cwd: REPO_ROOT,
  ignore: false,
  overrideConfig: {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*/*/lint-fixtures/*.ts'] } },
    },
  },
});

async function boundaryErrors(fixture: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([path.join(REPO_ROOT, fixture)]);
  expect(result.messages.filter((message) => message.fatal)).toEqual([]);
  return result.messages
    .filter((message) => message.ruleId === '@nx/enforce-module-boundaries')
    .map((message) => message.message);
}

describe('the module boundaries the lint holds', () => {
  it('fail production code that imports libs/testing', async () => {
    expect(await boundaryErrors('services/sessions/lint-fixtures/imports-testing.ts')).toEqual([
      // A service is built on type:lib only; libs/testing is type:testing.
      expect.stringContaining('"type:service" can only depend on libs tagged with "type:lib"'),
    ]);
  }, 300_000);

  it('fail a service that imports another service', async () => {
    const errors = await boundaryErrors(
      'services/gateway/lint-fixtures/imports-another-service.ts',
    );
    expect(errors.length).toBeGreaterThan(0);
  }, 300_000);

  it('let a service import the shared libraries', async () => {
    expect(await boundaryErrors('services/sessions/lint-fixtures/imports-shared.ts')).toEqual([]);
  }, 300_000);
});
