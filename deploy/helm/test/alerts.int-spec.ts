import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { CHART_DIR, TEST_DIR, run } from './helm.js';

const PROMTOOL = process.env.PROMTOOL_BIN ?? '/usr/bin/promtool';

interface Rules {
  groups: { rules: { alert?: string; annotations?: { runbook?: string } }[] }[];
}

const alerts = (
  parse(readFileSync(path.join(CHART_DIR, 'files/alerts.yaml'), 'utf8')) as Rules
).groups
  .flatMap((group) => group.rules)
  .filter((rule) => rule.alert);

describe('the alert rules', () => {
  if (!existsSync(PROMTOOL)) {
    const message = `promtool is not installed at ${PROMTOOL} (Debian: apt-get install prometheus)`;
    if (process.env.CI === 'true') throw new Error(message);
    it.skip(message, () => undefined);
    return;
  }

  it('are valid Prometheus rules', () => {
    expect(run(PROMTOOL, ['check', 'rules', path.join(CHART_DIR, 'files/alerts.yaml')])).toContain(
      'SUCCESS',
    );
  });

  it('pass their unit tests (promtool test rules)', () => {
    expect(run(PROMTOOL, ['test', 'rules', path.join(TEST_DIR, 'alerts.test.yaml')])).toContain(
      'SUCCESS',
    );
  });

  it('each link to a runbook entry in docs/operations.md', () => {
    const operations = readFileSync(path.resolve(CHART_DIR, '../../../docs/operations.md'), 'utf8');
    expect(alerts.length).toBeGreaterThanOrEqual(8);
    for (const alert of alerts) {
      expect(alert.annotations?.runbook).toBe(`docs/operations.md#${alert.alert!.toLowerCase()}`);
      expect(operations).toContain(`### ${alert.alert}`);
    }
  });
});
