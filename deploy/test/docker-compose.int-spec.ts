import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { startOpsServer } from '@greetboard/metrics';
import { parse } from 'yaml';

interface ComposeService {
  image?: string;
  build?: { target: string };
  environment?: Record<string, string>;
  healthcheck?: { test: string[]; interval?: string; start_period?: string; retries?: number };
  mem_limit?: string;
  depends_on?: Record<string, { condition: string }>;
}

const file = path.resolve(import.meta.dirname, '../../docker-compose.yml');
// Merge keys (`<<: *service`) as Docker Compose reads them; duplicate keys are errors.
const compose = parse(readFileSync(file, 'utf8'), { merge: true, uniqueKeys: true }) as {
  services: Record<string, ComposeService>;
};
const services = Object.entries(compose.services);
const ours = services.filter(([, service]) => service.build);

describe('docker-compose.yml', () => {
  it('builds every process from its Dockerfile target', () => {
    const targets = ours.map(([name, service]) => [name, service.build!.target]);
    expect(targets).toEqual(
      ['gateway', 'auth', 'sessions', 'chat-ingest', 'stats'].map((name) => [name, name]),
    );
    const dockerfile = readFileSync(path.resolve(import.meta.dirname, '../../Dockerfile'), 'utf8');
    for (const [, target] of targets) expect(dockerfile).toMatch(new RegExp(`AS ${target}\\n`));
  });

  it('gives every container a health check and starts each after what it needs is healthy', () => {
    for (const [name, service] of services) {
      expect({ name, test: service.healthcheck?.test[0] }).toEqual({ name, test: 'CMD' });
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect({ name, dependency, condition }).toEqual({
          name,
          dependency,
          condition: 'service_healthy',
        });
        expect(compose.services[dependency]?.healthcheck).toBeDefined();
      }
    }
    for (const [name, service] of ours) {
      expect({ name, needs: Object.keys(service.depends_on ?? {}) }).toEqual({
        name,
        needs: expect.arrayContaining(['postgres', 'nats', 'redis']),
      });
    }
  });

  it("limits each process's memory, with its Node.js options, as the chart's values do", () => {
    const values = parse(
      readFileSync(path.resolve(import.meta.dirname, '../helm/greetboard/values.yaml'), 'utf8'),
    ) as Record<string, { resources?: { limits?: { memory?: string } }; nodeOptions?: string }>;
    // Compose's `m` and Kubernetes' `Mi` are both 2^20 bytes.
    const bytes = (text: string | undefined, pattern: RegExp) => {
      const match = pattern.exec(text ?? '');
      return match ? Number(match[1]) * 2 ** 20 : undefined;
    };
    for (const [name, service] of ours) {
      const component = name === 'chat-ingest' ? 'chatIngest' : name;
      const chart = bytes(values[component]?.resources?.limits?.memory, /^(\d+)Mi$/);
      expect({ name, chart }).toEqual({ name, chart: expect.any(Number) });
      expect({ name, limit: bytes(service.mem_limit, /^(\d+)m$/) }).toEqual({ name, limit: chart });
      expect({ name, nodeOptions: service.environment?.NODE_OPTIONS ?? '' }).toEqual({
        name,
        nodeOptions: values[component]?.nodeOptions,
      });
    }
  });

  it("checks each process's own /readyz: the gateway's HTTP port, the services' ops listener", () => {
    for (const [name, service] of ours) {
      const port =
        name === 'gateway' ? service.environment!.PORT : service.environment!.METRICS_PORT;
      expect({ name, port }).toEqual({ name, port: expect.stringMatching(/^\d+$/) });
      const [, program, flag, script] = service.healthcheck!.test;
      expect({ name, command: [program, flag] }).toEqual({ name, command: ['node', '-e'] });
      expect({ name, script }).toEqual({
        name,
        script: expect.stringContaining(`'http://127.0.0.1:${port}/readyz'`),
      });
    }
  });

  it.each([
    [true, 0],
    [false, 1],
  ])(
    'has a check that passes only on a ready answer of a real ops listener (ready: %s)',
    async (ready, code) => {
      const ops = await startOpsServer({
        port: 0,
        host: '127.0.0.1',
        readiness: () => Promise.resolve({ ready, report: {} }),
      });
      try {
        const [, , , script] = compose.services.sessions.healthcheck!.test;
        const run = promisify(execFile)(process.execPath, [
          '-e',
          script.replace(':9464/', `:${ops.port}/`),
        ]);
        if (code === 0) await expect(run).resolves.toBeDefined();
        else await expect(run).rejects.toMatchObject({ code });
      } finally {
        await ops.close();
      }
    },
  );

  it('exits 1 when nothing listens', async () => {
    const [, , , script] = compose.services.auth.healthcheck!.test;
    await expect(
      promisify(execFile)(process.execPath, ['-e', script.replace(':9464/', ':1/')]),
    ).rejects.toMatchObject({ code: 1 });
  });
});
