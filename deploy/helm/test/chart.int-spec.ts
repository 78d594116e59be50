import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
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

  it("a ServiceMonitor that labels every series with the installation, the dashboard's variable", () => {
    const { endpoints } = find('ServiceMonitor').spec as {
      endpoints: { relabelings?: { targetLabel: string; replacement: string }[] }[];
    };
    for (const endpoint of endpoints)
      expect(endpoint.relabelings).toContainEqual({
        targetLabel: 'installation',
        replacement: find('PrometheusRule').metadata.labels?.['app.kubernetes.io/instance'],
      });
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
      // Stream limits as plain integers (a float would render 5.36870912e+09).
      STREAM_CHAT_LINES_MAX_AGE_MS: '86400000',
      STREAM_CHAT_LINES_MAX_BYTES: '3221225472',
      STREAM_DOMAIN_EVENTS_MAX_AGE_MS: '172800000',
      STREAM_DOMAIN_EVENTS_MAX_BYTES: '5368709120',
      STREAM_DEAD_LETTERS_MAX_AGE_MS: '1209600000',
      STREAM_DEAD_LETTERS_MAX_BYTES: '268435456',
      TWITCH_EMOTE_URL_TEMPLATE:
        'https://static-cdn.jtvnw.net/emoticons/v2/{id}/default/{theme}/1.0',
    });
  });
});

describe.each(helm ? [1] : [])('the chart drains, spreads and probes pods', () => {
  const deploymentsOf = (args: string[]) =>
    new Map(
      helmTemplate(helm!, args)
        .filter((object) => object.kind === 'Deployment')
        .map((d) => [d.metadata.name.replace(/^gb-greetboard-/, ''), d] as const),
    );
  const podOf = (deployment: K8sObject) =>
    podSpecOf(deployment) as ReturnType<typeof podSpecOf> & {
      terminationGracePeriodSeconds: number;
      topologySpreadConstraints?: Record<string, unknown>[];
    };
  const containerOf = (deployment: K8sObject) =>
    podOf(deployment).containers[0] as unknown as Record<string, Record<string, unknown>>;
  const timing = ({
    initialDelaySeconds,
    periodSeconds,
    timeoutSeconds,
    failureThreshold,
  }: Record<string, unknown>) => ({
    initialDelaySeconds,
    periodSeconds,
    timeoutSeconds,
    failureThreshold,
  });
  const defaults = deploymentsOf([]);

  it('sleeps before the gateway drains, so it serves while its endpoint is removed', () => {
    const gateway = defaults.get('gateway')!;
    // Kubernetes' own sleep action: the image needs no sleep program.
    expect(containerOf(gateway).lifecycle).toEqual({ preStop: { sleep: { seconds: 5 } } });
    // The sleep, SHUTDOWN_GRACE_MS (10 s) and 10 s to spare.
    expect(podOf(gateway).terminationGracePeriodSeconds).toBe(25);
    for (const name of ['auth', 'sessions', 'chat-ingest', 'stats']) {
      expect({ name, lifecycle: containerOf(defaults.get(name)!).lifecycle }).toEqual({
        name,
        lifecycle: undefined,
      });
      expect(podOf(defaults.get(name)!).terminationGracePeriodSeconds).toBe(20);
    }
    const longer = deploymentsOf([
      '--set',
      'gateway.preStopSleepSeconds=15',
      '--set',
      'config.shutdownGraceMs=30000',
    ]).get('gateway')!;
    expect(containerOf(longer).lifecycle).toEqual({ preStop: { sleep: { seconds: 15 } } });
    expect(podOf(longer).terminationGracePeriodSeconds).toBe(55);
    // Before Kubernetes 1.30 the image's own sleep (Debian's coreutils in the runtime image).
    const older = deploymentsOf(['--kube-version', '1.29.0']).get('gateway')!;
    expect(containerOf(older).lifecycle).toEqual({
      preStop: { exec: { command: ['sleep', '5'] } },
    });
  });

  it('probes as before by default, tunable for every process and for one', () => {
    for (const deployment of defaults.values()) {
      const container = containerOf(deployment);
      expect(timing(container.startupProbe)).toEqual(
        timing({
          initialDelaySeconds: 0,
          periodSeconds: 2,
          timeoutSeconds: 1,
          failureThreshold: 60,
        }),
      );
      expect(timing(container.livenessProbe)).toEqual(
        timing({
          initialDelaySeconds: 0,
          periodSeconds: 10,
          timeoutSeconds: 3,
          failureThreshold: 3,
        }),
      );
      expect(timing(container.readinessProbe)).toEqual(
        timing({
          initialDelaySeconds: 0,
          periodSeconds: 5,
          timeoutSeconds: 4,
          failureThreshold: 3,
        }),
      );
    }
    const tuned = deploymentsOf([
      '--set',
      'probes.readiness.failureThreshold=6',
      '--set',
      'probes.startup.initialDelaySeconds=3',
      '--set',
      'gateway.probes.liveness.periodSeconds=20',
      '--set',
      'gateway.probes.readiness.timeoutSeconds=2',
    ]);
    expect(timing(containerOf(tuned.get('gateway')!).readinessProbe)).toEqual(
      timing({ initialDelaySeconds: 0, periodSeconds: 5, timeoutSeconds: 2, failureThreshold: 6 }),
    );
    expect(containerOf(tuned.get('gateway')!).livenessProbe.periodSeconds).toBe(20);
    expect(containerOf(tuned.get('auth')!).livenessProbe.periodSeconds).toBe(10);
    for (const deployment of tuned.values()) {
      expect(containerOf(deployment).readinessProbe.failureThreshold).toBe(6);
      expect(containerOf(deployment).startupProbe.initialDelaySeconds).toBe(3);
    }
  });

  it("sets Node.js options where values give them: by default the sessions' young generation", () => {
    const nodeOptions = (deployment: K8sObject) =>
      (containerOf(deployment).env as unknown as { name: string; value?: string }[]).find(
        ({ name }) => name === 'NODE_OPTIONS',
      )?.value;
    expect(Object.fromEntries([...defaults].map(([name, d]) => [name, nodeOptions(d)]))).toEqual({
      gateway: undefined,
      auth: undefined,
      sessions: '--max-semi-space-size=16',
      'chat-ingest': undefined,
      stats: undefined,
    });
    const tuned = deploymentsOf([
      '--set',
      'sessions.nodeOptions=',
      '--set',
      'gateway.nodeOptions=--max-semi-space-size=4 --max-old-space-size=200',
    ]);
    expect(nodeOptions(tuned.get('sessions')!)).toBeUndefined();
    expect(nodeOptions(tuned.get('gateway')!)).toBe(
      '--max-semi-space-size=4 --max-old-space-size=200',
    );
  });

  it("spreads every process's own pods over nodes and zones, preferred, not required", () => {
    for (const [name, deployment] of defaults) {
      const labels = (deployment.spec as { selector: { matchLabels: Record<string, string> } })
        .selector.matchLabels;
      expect({ name, spread: podOf(deployment).topologySpreadConstraints }).toEqual({
        name,
        spread: ['kubernetes.io/hostname', 'topology.kubernetes.io/zone'].map((topologyKey) => ({
          maxSkew: 1,
          topologyKey,
          whenUnsatisfiable: 'ScheduleAnyway',
          labelSelector: { matchLabels: labels },
          matchLabelKeys: ['pod-template-hash'],
        })),
      });
      expect(labels['app.kubernetes.io/component']).toBe(name);
    }
  });

  it("takes one process's own constraints, or none when turned off", () => {
    const file = path.join(os.tmpdir(), `gb-spread-${process.pid}.yaml`);
    writeFileSync(
      file,
      'gateway:\n  topologySpreadConstraints:\n    - { maxSkew: 2, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule }\n',
    );
    try {
      const own = deploymentsOf(['-f', file, '--set', 'topologySpread.enabled=false']);
      expect(podOf(own.get('gateway')!).topologySpreadConstraints).toEqual([
        {
          maxSkew: 2,
          topologyKey: 'topology.kubernetes.io/zone',
          whenUnsatisfiable: 'DoNotSchedule',
          labelSelector: {
            matchLabels: (own.get('gateway')!.spec as { selector: { matchLabels: unknown } })
              .selector.matchLabels,
          },
        },
      ]);
      expect(podOf(own.get('stats')!).topologySpreadConstraints).toBeUndefined();
    } finally {
      rmSync(file, { force: true });
    }
  });
});

describe.each(helm ? [1] : [])('values.schema.json', () => {
  it.each([
    ['a writable root filesystem', ['--set', 'securityContext.readOnlyRootFilesystem=false']],
    ['a NATS URL of another scheme', ['--set', 'nats.url=http://nats:4222']],
    ['an unknown top-level value', ['--set', 'gatewy.replicas=2']],
    ['a negative preStop sleep', ['--set', 'gateway.preStopSleepSeconds=-1']],
    ['a probe checked every 0 s', ['--set', 'probes.readiness.periodSeconds=0']],
    ['an unknown probe setting', ['--set', 'gateway.probes.readiness.successThreshold=2']],
    [
      'a spread that is neither preferred nor required',
      ['--set', 'topologySpread.whenUnsatisfiable=Sometimes'],
    ],
    ['no login session at all per user', ['--set', 'config.loginSessionsPerUser=0']],
    ['chat lines batched for over 200 ms', ['--set', 'config.chatLinesBatchMs=201']],
    ['a stream size under 1 MiB', ['--set', 'nats.streams.chatLines.maxBytes=1000']],
    [
      'an emote URL without {id}',
      ['--set', 'twitch.emoteUrlTemplate=https://cdn.example/emote.png'],
    ],
  ])('refuses %s', (_what, args) => {
    expect(() => helmTemplate(helm!, args)).toThrow(/values don't meet the specifications|schema/);
  });

  it('gives chat-ingest and sessions the batching wait of chat lines, 10 ms by default', () => {
    const batchMs = (args: string[]) =>
      helmTemplate(helm!, args)
        .filter((object) => object.kind === 'ConfigMap')
        .map((object) => (object.data as Record<string, string> | undefined)?.CHAT_LINES_BATCH_MS)
        .find((value) => value !== undefined);
    expect(batchMs([])).toBe('10');
    expect(batchMs(['--set', 'config.chatLinesBatchMs=0'])).toBe('0');
  });

  it('requires the secrets when the chart renders the Secret itself', () => {
    expect(() => helmTemplate(helm!, ['--set', 'secrets.existingSecret='])).toThrow(
      /secrets.values.DATABASE_URL is required/,
    );
  });
});
