// Service processes for the benchmarks: each built service runs as its own Node process, as in
// cluster mode, with its output kept for the error message when it does not boot.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { waitFor } from '../../libs/testing/dist/index.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The installation every benchmark process runs in (INSTALLATION_PREFIX): the benchmark's own
 * clients put it before subjects, stream and consumer names, as the services do.
 */
export const INSTALLATION = 'bench';

/** Linux clock ticks per second (USER_HZ), what /proc/<pid>/stat counts utime and stime in. */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat; undefined once gone. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** Every process logs "<service> is ready" once it has started, at LOG_LEVEL=log. */
const BOOTED = /is ready/;

/**
 * How the Helm chart's default values run a component (`gateway`, `sessions`, `chatIngest`, ...):
 * its containers' memory limit in bytes, which Kubernetes enforces and Node.js sizes its heap
 * by, and the NODE_OPTIONS it sets (empty for none).
 */
export function chartProcess(component) {
  const values = parse(readFileSync(path.join(ROOT, 'deploy/helm/greetboard/values.yaml'), 'utf8'));
  const limit = String(values[component]?.resources?.limits?.memory ?? '');
  const match = /^(\d+)(Mi|Gi)$/.exec(limit);
  if (!match) throw new Error(`no memory limit of the form <n>Mi or <n>Gi for ${component}`);
  return {
    memoryLimitBytes: Number(match[1]) * 2 ** (match[2] === 'Gi' ? 30 : 20),
    nodeOptions: values[component].nodeOptions ?? '',
  };
}

/**
 * A memory cgroup of its own with `limitBytes`, as a container runtime makes one for a
 * container with that limit (cgroup v2, or v1's memory controller). Needs root.
 */
function memoryCgroup(name, limitBytes) {
  const v2 = existsSync('/sys/fs/cgroup/cgroup.controllers');
  const dir = v2 ? `/sys/fs/cgroup/${name}` : `/sys/fs/cgroup/memory/${name}`;
  try {
    mkdirSync(dir);
    writeFileSync(path.join(dir, v2 ? 'memory.max' : 'memory.limit_in_bytes'), String(limitBytes));
  } catch (error) {
    throw new Error(`a memory limit needs root and a writable memory cgroup (${error.message})`);
  }
  const read = (file) => {
    try {
      return readFileSync(path.join(dir, file), 'utf8');
    } catch {
      return '';
    }
  };
  const readings = () => ({
    peakBytes: Number(read(v2 ? 'memory.peak' : 'memory.max_usage_in_bytes')) || undefined,
    oomKills: Number(
      /oom_kill (\d+)/.exec(read(v2 ? 'memory.events' : 'memory.oom_control'))?.[1] ?? 0,
    ),
  });
  let final;
  return {
    procs: path.join(dir, 'cgroup.procs'),
    /**
     * The cgroup's highest memory use in bytes (undefined where the kernel keeps none) and how
     * often the kernel's OOM killer killed a process of it; after `remove`, the last readings.
     */
    readings: () => final ?? readings(),
    remove: () => {
      final = readings();
      try {
        rmdirSync(dir);
      } catch {
        // Already gone, or the kernel still holds it: it goes with its last page.
      }
    },
  };
}

/** Processes started so far: each gets a cgroup of its own, also when one restarts. */
let started = 0;

/**
 * Starts `script` (relative to the repository root) with `env` on top of this process's
 * environment. `nodeArgs` go before the script, e.g. `--cpu-prof`. `memoryLimitBytes` runs it
 * in a memory cgroup of that limit, as a container with that limit runs (needs root).
 */
export function startProcess(name, script, env, nodeArgs = [], { memoryLimitBytes } = {}) {
  const cgroup = memoryLimitBytes
    ? memoryCgroup(`greetboard-bench-${process.pid}-${++started}-${name}`, memoryLimitBytes)
    : undefined;
  const command = [process.execPath, ...nodeArgs, path.join(ROOT, script)];
  // In its cgroup before Node.js starts, so V8 sizes the heap by the limit, as in a container.
  const [file, ...args] = cgroup
    ? ['/bin/sh', '-c', `echo $$ > ${cgroup.procs} && exec "$@"`, 'sh', ...command]
    : command;
  const child = spawn(file, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      LOG_LEVEL: 'log',
      INSTALLATION_PREFIX: INSTALLATION,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve)).then((code) => {
    cgroup?.remove();
    return code;
  });
  return {
    name,
    child,
    cgroup,
    output: () => output,
    booted: () =>
      waitFor(
        () => {
          if (child.exitCode !== null) throw new Error(`${name} exited:\n${output}`);
          return BOOTED.test(output);
        },
        { timeoutMs: 60_000, what: `${name} to boot` },
      ),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
