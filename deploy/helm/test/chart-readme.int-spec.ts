import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { CHART_DIR } from './helm.js';

const SCRIPT = path.resolve(import.meta.dirname, '../../../scripts/chart-readme.mjs');
const dir = mkdtempSync(path.join(os.tmpdir(), 'chart-readme-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `node scripts/chart-readme.mjs --check` with these arguments: its exit status and stderr. */
function check(args: string[]): { status: number; stderr: string } {
  try {
    execFileSync(process.execPath, [SCRIPT, '--check', ...args], { stdio: 'pipe' });
    return { status: 0, stderr: '' };
  } catch (error) {
    const { status, stderr } = error as { status: number; stderr: Buffer };
    return { status, stderr: stderr.toString() };
  }
}

describe("the chart README's parameter tables", () => {
  const values = readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8');

  it('document every value of values.yaml and are up to date', () => {
    expect(check([])).toEqual({ status: 0, stderr: '' });
  });

  it('fail the check on a value without @param, naming it', () => {
    const file = path.join(dir, 'undocumented.yaml');
    writeFileSync(file, `${values}\nextra:\n  streamMaxBytes: 1024\n`);
    const { status, stderr } = check(['--values', file]);
    expect(status).toBe(1);
    expect(stderr).toContain('Missing metadata for key: extra.streamMaxBytes');
  });

  it('fail the check when the README is not what values.yaml generates', () => {
    const file = path.join(dir, 'values.yaml');
    writeFileSync(
      file,
      values.replace(/^(\s*## @param image\.pullPolicy) .*$/m, '$1 A changed description'),
    );
    const { status, stderr } = check(['--values', file]);
    expect(status).toBe(1);
    expect(stderr).toContain('README.md is out of date');
  });
});
