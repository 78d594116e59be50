import { expect } from '@jest/globals';
import type { K8sObject } from './helm.js';

interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: {
    name: string;
    valueFrom?: { secretKeyRef?: { name: string }; configMapKeyRef?: { name: string } };
  }[];
  envFrom?: { secretRef?: { name: string }; configMapRef?: { name: string } }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: Record<string, unknown>;
}
interface PodSpec {
  serviceAccountName?: string;
  containers: Container[];
  initContainers?: Container[];
  securityContext?: Record<string, unknown>;
  imagePullSecrets?: { name: string }[];
  volumes?: { secret?: { secretName: string }; configMap?: { name: string } }[];
}
type Labels = Record<string, string>;

/** Validates one object with the kubernetes-models class of its apiVersion and kind. */
export async function validateAgainstSchema(object: K8sObject): Promise<void> {
  const module = object.apiVersion.startsWith('monitoring.coreos.com/')
    ? `@kubernetes-models/prometheus-operator/${object.apiVersion}/${object.kind}`
    : `kubernetes-models/${object.apiVersion}/${object.kind}`;
  const exports = (await import(module)) as Record<
    string,
    new (data: unknown) => { validate(): void }
  >;
  const Model = exports[object.kind];
  try {
    new Model(object).validate();
  } catch (error) {
    throw new Error(`${object.kind} ${object.metadata.name}: ${(error as Error).message}`);
  }
}

export function podSpecOf(object: K8sObject): PodSpec {
  return (object.spec as { template: { spec: PodSpec } }).template.spec;
}

const podLabelsOf = (object: K8sObject): Labels =>
  (object.spec as { template: { metadata: { labels: Labels } } }).template.metadata.labels;

const matches = (selector: Labels, labels: Labels) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

/** The chart's rules, checked on one rendering with the values it was rendered from. */
export function rulesFor(rendered: K8sObject[], values: Record<string, unknown>) {
  const ofKind = (kind: string) => rendered.filter((object) => object.kind === kind);
  const workloads = rendered.filter((object) => ['Deployment', 'Job'].includes(object.kind));
  const deployments = ofKind('Deployment');
  const names = (kind: string) => new Set(ofKind(kind).map((object) => object.metadata.name));

  return {
    everyContainerIsHardened(): void {
      expect(deployments).toHaveLength(5);
      for (const workload of workloads) {
        const pod = podSpecOf(workload);
        expect(pod.securityContext).toMatchObject({ runAsNonRoot: true });
        for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
          const where = `${workload.metadata.name}/${container.name}`;
          expect({ where, ...container.securityContext }).toMatchObject({
            where,
            readOnlyRootFilesystem: true,
            runAsNonRoot: true,
            allowPrivilegeEscalation: false,
            capabilities: { drop: ['ALL'] },
          });
          expect({ where, requests: Object.keys(container.resources?.requests ?? {}) }).toEqual({
            where,
            requests: expect.arrayContaining(['cpu', 'memory']),
          });
          expect({ where, limit: container.resources?.limits?.memory }).toEqual({
            where,
            limit: expect.any(String),
          });
          if (workload.kind !== 'Deployment') continue;
          const portNames = (container.ports ?? []).map((port) => port.name);
          expect({ where, path: container.livenessProbe?.httpGet?.path }).toEqual({
            where,
            path: '/healthz',
          });
          expect({ where, path: container.readinessProbe?.httpGet?.path }).toEqual({
            where,
            path: '/readyz',
          });
          for (const probe of [container.livenessProbe, container.readinessProbe]) {
            expect(portNames).toContain(probe?.httpGet?.port);
          }
          expect(portNames).toContain('metrics');
        }
        if (workload.kind === 'Deployment') {
          const annotations = (workload.spec as { template: { metadata: { annotations: Labels } } })
            .template.metadata.annotations;
          expect(Object.keys(annotations)).toEqual(
            expect.arrayContaining(['checksum/config', 'checksum/secret']),
          );
        }
      }
    },

    selectorsMatchPods(): void {
      const podsOf = (selector: Labels) =>
        deployments.filter((deployment) => matches(selector, podLabelsOf(deployment)));
      for (const deployment of deployments) {
        const selector = (deployment.spec as { selector: { matchLabels: Labels } }).selector
          .matchLabels;
        expect(podsOf(selector).map((d) => d.metadata.name)).toEqual([deployment.metadata.name]);
      }
      for (const service of ofKind('Service')) {
        const selector = (service.spec as { selector: Labels }).selector;
        const [pods, ...others] = podsOf(selector);
        expect({ service: service.metadata.name, others }).toEqual({
          service: service.metadata.name,
          others: [],
        });
        const containerPorts = podSpecOf(pods)
          .containers.flatMap((c) => c.ports ?? [])
          .map((p) => p.name);
        for (const port of (service.spec as { ports: { targetPort: string }[] }).ports) {
          expect(containerPorts).toContain(port.targetPort);
        }
      }
      for (const budget of ofKind('PodDisruptionBudget')) {
        const selector = (budget.spec as { selector: { matchLabels: Labels } }).selector
          .matchLabels;
        expect(podsOf(selector)).toHaveLength(1);
      }
      for (const autoscaler of ofKind('HorizontalPodAutoscaler')) {
        const target = (autoscaler.spec as { scaleTargetRef: { kind: string; name: string } })
          .scaleTargetRef;
        expect(target.kind).toBe('Deployment');
        expect(names('Deployment')).toContain(target.name);
        const deployment = deployments.find((d) => d.metadata.name === target.name)!;
        // The autoscaler owns the replica count; a fixed one would fight it on every upgrade.
        expect((deployment.spec as { replicas?: number }).replicas).toBeUndefined();
      }
      const jobPods = ofKind('Job').map(podLabelsOf);
      for (const policy of ofKind('NetworkPolicy')) {
        const selector = (policy.spec as { podSelector: { matchLabels: Labels } }).podSelector
          .matchLabels;
        const selected =
          podsOf(selector).length + jobPods.filter((labels) => matches(selector, labels)).length;
        expect({ policy: policy.metadata.name, selected }).toEqual({
          policy: policy.metadata.name,
          selected: 1,
        });
      }
      for (const monitor of ofKind('ServiceMonitor')) {
        const spec = monitor.spec as {
          selector: { matchLabels: Labels };
          endpoints: { port: string }[];
        };
        const services = ofKind('Service').filter((s) =>
          matches(spec.selector.matchLabels, s.metadata.labels ?? {}),
        );
        expect(services).toHaveLength(5);
        for (const service of services) {
          const ports = (service.spec as { ports: { name: string }[] }).ports.map(
            (port) => port.name,
          );
          for (const endpoint of spec.endpoints) expect(ports).toContain(endpoint.port);
        }
      }
    },

    referencesResolve(): void {
      const secrets = values.secrets as { existingSecret: string };
      const pullSecrets = ((values.imagePullSecrets ?? []) as { name: string }[]).map(
        (s) => s.name,
      );
      const known = {
        Secret: new Set(
          [...names('Secret'), secrets.existingSecret, ...pullSecrets].filter(Boolean),
        ),
        ConfigMap: names('ConfigMap'),
      };
      const referenced = { Secret: new Set<string>(), ConfigMap: new Set<string>() };
      for (const workload of workloads) {
        const pod = podSpecOf(workload);
        for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
          for (const variable of container.env ?? []) {
            const secret = variable.valueFrom?.secretKeyRef?.name;
            const configMap = variable.valueFrom?.configMapKeyRef?.name;
            if (secret) referenced.Secret.add(secret);
            if (configMap) referenced.ConfigMap.add(configMap);
          }
          for (const source of container.envFrom ?? []) {
            if (source.secretRef) referenced.Secret.add(source.secretRef.name);
            if (source.configMapRef) referenced.ConfigMap.add(source.configMapRef.name);
          }
        }
        for (const volume of pod.volumes ?? []) {
          if (volume.secret) referenced.Secret.add(volume.secret.secretName);
          if (volume.configMap) referenced.ConfigMap.add(volume.configMap.name);
        }
        for (const pull of pod.imagePullSecrets ?? []) referenced.Secret.add(pull.name);
      }
      for (const ingress of ofKind('Ingress')) {
        for (const tls of (ingress.spec as { tls?: { secretName: string }[] }).tls ?? []) {
          referenced.Secret.add(tls.secretName);
          known.Secret.add((values.ingress as { tls: { secretName: string } }).tls.secretName);
        }
      }
      expect(referenced.ConfigMap.size).toBeGreaterThan(0);
      expect(referenced.Secret.size).toBeGreaterThan(0);
      for (const kind of ['Secret', 'ConfigMap'] as const) {
        for (const name of referenced[kind])
          expect({ kind, name, known: known[kind].has(name) }).toEqual({ kind, name, known: true });
      }
    },

    /**
     * Helm creates the release's own objects only after its pre-install hooks: every object a
     * pre-install/pre-upgrade hook's pod uses is a hook itself with a lower weight, or is not
     * the chart's (built in, like the `default` ServiceAccount, or named in values).
     */
    hooksUseOnlyEarlierHooks(): void {
      const hookOf = (object: K8sObject) => {
        const annotations = object.metadata.annotations ?? {};
        const events = (annotations['helm.sh/hook'] ?? '').split(',').filter(Boolean);
        return { events, weight: Number(annotations['helm.sh/hook-weight'] ?? 0) };
      };
      const preHook = (object: K8sObject) =>
        hookOf(object).events.some((event) => ['pre-install', 'pre-upgrade'].includes(event));
      const hookPods = rendered.filter(
        (object) => ['Job', 'Pod'].includes(object.kind) && preHook(object),
      );
      expect(hookPods.length).toBe((values.migrations as { enabled: boolean }).enabled ? 1 : 0);
      for (const hook of hookPods) {
        const pod = hook.kind === 'Pod' ? (hook.spec as PodSpec) : podSpecOf(hook);
        const uses: { kind: string; name: string }[] = [
          { kind: 'ServiceAccount', name: pod.serviceAccountName ?? 'default' },
        ];
        for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
          for (const variable of container.env ?? []) {
            const secret = variable.valueFrom?.secretKeyRef?.name;
            const configMap = variable.valueFrom?.configMapKeyRef?.name;
            if (secret) uses.push({ kind: 'Secret', name: secret });
            if (configMap) uses.push({ kind: 'ConfigMap', name: configMap });
          }
          for (const source of container.envFrom ?? []) {
            if (source.secretRef) uses.push({ kind: 'Secret', name: source.secretRef.name });
            if (source.configMapRef)
              uses.push({ kind: 'ConfigMap', name: source.configMapRef.name });
          }
        }
        for (const volume of pod.volumes ?? []) {
          if (volume.secret) uses.push({ kind: 'Secret', name: volume.secret.secretName });
          if (volume.configMap) uses.push({ kind: 'ConfigMap', name: volume.configMap.name });
        }
        for (const { kind, name } of uses) {
          const object = rendered.find((o) => o.kind === kind && o.metadata.name === name);
          const where = `${hook.metadata.name} uses ${kind} ${name}`;
          if (!object) continue;
          expect({ where, hook: preHook(object) }).toEqual({ where, hook: true });
          expect({ where, earlier: hookOf(object).weight < hookOf(hook).weight }).toEqual({
            where,
            earlier: true,
          });
          expect({ where, events: hookOf(object).events }).toEqual({
            where,
            events: expect.arrayContaining(hookOf(hook).events),
          });
        }
      }
    },

    onlyTheGatewayIsPublic(): void {
      for (const ingress of ofKind('Ingress')) {
        const spec = ingress.spec as {
          rules: {
            http: { paths: { backend: { service: { name: string; port: { name: string } } } }[] };
          }[];
        };
        for (const rule of spec.rules) {
          for (const { backend } of rule.http.paths) {
            expect(backend.service.name).toMatch(/-gateway$/);
            expect(backend.service.port.name).toBe('http');
          }
        }
      }
      for (const policy of ofKind('NetworkPolicy')) {
        const ingressPorts = (policy.spec as { ingress: { ports?: { port: string }[] }[] }).ingress
          .flatMap((rule) => rule.ports ?? [])
          .map((port) => port.port);
        const isGateway = policy.metadata.name.endsWith('-gateway');
        for (const port of ingressPorts)
          expect(isGateway ? ['http', 'metrics'] : ['metrics']).toContain(port);
        const egressPorts = (policy.spec as { egress: { ports?: { port: number }[] }[] }).egress
          .flatMap((rule) => rule.ports ?? [])
          .map((port) => port.port);
        // DNS, NATS, PostgreSQL, Redis, and HTTPS to Twitch for auth and chat-ingest only.
        const allowed = [53, 4222, 5432, 6379];
        if (/-(auth|chat-ingest)$/.test(policy.metadata.name)) allowed.push(443);
        for (const port of egressPorts)
          expect({ policy: policy.metadata.name, port, ok: allowed.includes(port) }).toMatchObject({
            ok: true,
          });
      }
    },
  };
}
