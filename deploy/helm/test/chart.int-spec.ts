import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { dashboardJson } from '../../grafana/dashboard.js';
import {
  CHART_DIR,
  TEST_DIR,
  findHelm,
  helmLint,
  helmTemplate,
  valuesFile,
  type K8sObject,
} from './helm.js';
import { podSpecOf, rulesFor, validateAgainstSchema } from './chart-rules.js';

const helm = findHelm();
const VALUE_SETS = ['default', 'production', 'minimal'] as const;

if (!helm) {
  const message =
    'helm is not installed: the Helm chart tests are skipped (install it with `go install helm.sh/helm/v3/cmd/helm@v3.19.0`, as .ci/run does)';
  if (process.env.CI === 'true') throw new Error(`${message}; CI needs them`);
  process.stderr.write(`${message}\n`);
}

const values = (name: string) =>
  parse(
    readFileSync(
      name === 'default'
        ? path.join(CHART_DIR, 'values.yaml')
        : path.join(TEST_DIR, `values-${name}.yaml`),
      'utf8',
    ),
  ) as Record<string, unknown>;

describe.each(helm ? VALUE_SETS : [])('the chart with %s values', (set) => {
  const rendered: K8sObject[] = helm ? helmTemplate(helm, valuesFile(set)) : [];
  // Top-level keys are enough here: the rules read secrets, imagePullSecrets and ingress.
  const rules = rulesFor(rendered, { ...values('default'), ...values(set) });

  it('passes helm lint --strict', () => {
    expect(helmLint(helm!, valuesFile(set))).toContain('0 chart(s) failed');
  });

  it('renders only objects the Kubernetes API schemas accept', async () => {
    expect(rendered.length).toBeGreaterThan(10);
    for (const object of rendered) await validateAgainstSchema(object);
  });

  it('gives every container probes, resources and the restricted security context', () => {
    rules.everyContainerIsHardened();
  });

  it('selects the pods of its own Deployments, everywhere a selector appears', () => {
    rules.selectorsMatchPods();
  });

  it('references only Secrets and ConfigMaps it renders or that values name', () => {
    rules.referencesResolve();
  });

  it('creates everything a pre-install hook uses before it, as a hook', () => {
    rules.hooksUseOnlyEarlierHooks();
  });

  it('exposes the gateway alone: the Ingress routes its HTTP port, never metrics', () => {
    rules.onlyTheGatewayIsPublic();
  });
});

describe.each(helm ? ['production'] : [])('the chart with %s values ships', (set) => {
  const rendered: K8sObject[] = helm ? helmTemplate(helm, valuesFile(set)) : [];
  const find = (kind: string) => rendered.find((object) => object.kind === kind)!;

  it('the alert rules promtool tests, as a PrometheusRule', () => {
    const rules = parse(readFileSync(path.join(CHART_DIR, 'files/alerts.yaml'), 'utf8')) as unknown;
    expect(find('PrometheusRule').spec).toEqual(rules);
  });

  it('the generated dashboard, up to date, in a ConfigMap for the Grafana sidecar', () => {
    const configMap = rendered.find(
      (object) => object.kind === 'ConfigMap' && object.metadata.labels?.grafana_dashboard === '1',
    )!;
    const shipped = (configMap as unknown as { data: Record<string, string> }).data[
      'greetboard.json'
    ];
    expect(JSON.parse(shipped)).toEqual(JSON.parse(dashboardJson()));
    expect(readFileSync(path.join(CHART_DIR, 'files/greetboard-dashboard.json'), 'utf8')).toBe(
      dashboardJson(),
    );
  });

  it('migrations as a pre-install/pre-upgrade hook, and pods that only check them', () => {
    const job = find('Job');
    expect(job.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    const commands = [...(podSpecOf(job).initContainers ?? []), ...podSpecOf(job).containers].map(
      (container) => container.command?.join(' '),
    );
    expect(commands).toEqual([
      'node services/auth/dist/cli/migrate.js',
      'node services/sessions/dist/cli/migrate.js',
      'node services/stats/dist/cli/migrate.js',
    ]);
    const config = rendered.find(
      (object) => object.kind === 'ConfigMap' && object.metadata.name.endsWith('-config'),
    )!;
    expect((config as unknown as { data: Record<string, string> }).data.DATABASE_MIGRATIONS).toBe(
      'external',
    );
    // The profile image job's and the emote images' settings reach the processes.
    expect((config as unknown as { data: Record<string, string> }).data).toMatchObject({
      CHATTER_PROFILES_INTERVAL_MS: '5000',
      CHATTER_PROFILES_REFRESH_HOURS: '24',
      CHATTER_PROFILES_RETRY_MS: '60000',
      TOKEN_VALIDATION_ROUND_MS: '60000',
      TOKEN_VALIDATION_AGE_MS: '3000000',
      LOGIN_SESSIONS_PER_USER: '20',
      TWITCH_EMOTE_URL_TEMPLATE:
        'https://static-cdn.jtvnw.net/emoticons/v2/{id}/default/{theme}/1.0',
    });
  });
});

describe.each(helm ? [1] : [])('values.schema.json', () => {
  it.each([
    ['a writable root filesystem', ['--set', 'securityContext.readOnlyRootFilesystem=false']],
    ['a NATS URL of another scheme', ['--set', 'nats.url=http://nats:4222']],
    ['an unknown top-level value', ['--set', 'gatewy.replicas=2']],
    ['no login session at all per user', ['--set', 'config.loginSessionsPerUser=0']],
    [
      'an emote URL without {id}',
      ['--set', 'twitch.emoteUrlTemplate=https://cdn.example/emote.png'],
    ],
  ])('refuses %s', (_what, args) => {
    expect(() => helmTemplate(helm!, args)).toThrow(/values don't meet the specifications|schema/);
  });

  it('requires the secrets when the chart renders the Secret itself', () => {
    expect(() => helmTemplate(helm!, ['--set', 'secrets.existingSecret='])).toThrow(
      /secrets.values.DATABASE_URL is required/,
    );
  });
});
