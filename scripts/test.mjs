// The test command (`npm test`): builds what the end-to-end tier starts, runs the three Jest
// tiers (unit, integration, e2e), then the fault tests on their own (each kills processes and
// restarts its private NATS and PostgreSQL under load; alone, their timings stay honest), then the
// Helm chart on a real one-node Kubernetes (last, so that its CPU disturbs no other test; ADR 0047),
// and closes with one "N passed, N failed" line. Extra arguments go to Jest, e.g. `npm test -- --selectProjects unit`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const artifacts = path.join(root, 'test-artifacts');
mkdirSync(artifacts, { recursive: true });

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Node ${process.versions.node} is too old: run "npm test", which uses the project's Node.js 24.`,
  );
  process.exit(1);
}

const run = (command, commandArgs, env = {}) =>
  spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
    .status ?? 1;

if (run('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static']) !== 0) {
  console.error('Build failed.');
  process.exit(1);
}
// The web app's JavaScript budgets: the overlay ≤ 150 KB, the dashboard ≤ 300 KB.
if (run(process.execPath, ['web/scripts/bundle-size.mjs']) !== 0) {
  console.error('A web route is over its JavaScript budget.');
  process.exit(1);
}

const FAULT_TESTS = 'fault-[^/]*\\.int-spec\\.ts$';
const KUBERNETES_TESTS = 'deploy/helm/test/kubernetes\\.int-spec\\.ts$';

/** One Jest run; answers its exit status and its counts. */
function jest(name, jestArgs, env = {}) {
  const resultsFile = path.join(artifacts, `jest-${name}.json`);
  rmSync(resultsFile, { force: true });
  const status = run(
    process.execPath,
    [
      path.join(root, 'node_modules/jest/bin/jest.js'),
      '--json',
      `--outputFile=${resultsFile}`,
      ...jestArgs,
    ],
    {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --disable-warning=ExperimentalWarning`,
      ...env,
    },
  );
  try {
    const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
    return {
      status,
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
    };
  } catch {
    return { status: status || 1, passed: 0, failed: 1, skipped: 0 };
  }
}

const runs = [];
if (args.length > 0) {
  runs.push(jest('selected', args));
} else {
  runs.push(
    jest('main', [
      '--selectProjects',
      'unit',
      'integration',
      'e2e',
      '--testPathIgnorePatterns',
      FAULT_TESTS,
      KUBERNETES_TESTS,
    ]),
    jest('faults', [
      '--selectProjects',
      'integration',
      '--runInBand',
      '--testPathPatterns',
      FAULT_TESTS,
    ]),
    jest(
      'kubernetes',
      ['--selectProjects', 'integration', '--runInBand', '--testPathPatterns', KUBERNETES_TESTS],
      { GREETBOARD_K8S_TEST: '1' },
    ),
  );
}

const total = (key) => runs.reduce((sum, result) => sum + result[key], 0);
const skipped = total('skipped');
console.log(
  `\n${total('passed')} passed, ${total('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(runs.some((result) => result.status !== 0) ? 1 : 0);
