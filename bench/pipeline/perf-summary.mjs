// Where the CPU went, from a system-wide `perf record` taken beside a benchmark: on-CPU samples
// per process, in kinds of work (garbage collection, JSON, V8's builtins, optimised
// JavaScript, system calls, page faults, ...), and for Node.js processes the share of each of
// their JavaScript functions on the stack. Unlike V8's own sampler (`--cpu-prof`), which
// samples a thread by wall time and so counts a thread waiting for a CPU inside a system call
// as time in that call, perf counts only time on a CPU, kernel included.
//
// Usage, while `node bench/pipeline/pipeline.mjs --perf-map …` runs a phase:
//   perf record -a -g -e cpu-clock -F 499 -o perf.data -- sleep 10
//   perf script -i perf.data -F comm,pid,tid,ip,sym,dso > perf.txt
//   node bench/pipeline/perf-summary.mjs perf.txt [--top 20]
// Node.js processes are named by their script (read from /proc while they run, so run the
// summary before the benchmark ends, or pass `--name PID=NAME` for each).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '20' }, name: { type: 'string', multiple: true } },
});
if (positionals.length !== 1) {
  console.error('Usage: node bench/pipeline/perf-summary.mjs perf.txt [--top N] [--name PID=NAME]');
  process.exit(2);
}

/** `perf script` output as samples: the thread's command, its process id and its frames. */
function samplesOf(text) {
  const samples = [];
  let sample;
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      if (sample) samples.push(sample);
      sample = undefined;
    } else if (!/^\s/.test(line)) {
      const head = /^(.+?)\s+(\d+)\/(\d+)/.exec(line.trim());
      sample = head ? { comm: head[1], pid: head[2], frames: [] } : undefined;
    } else if (sample) {
      sample.frames.push(line.trim());
    }
  }
  if (sample) samples.push(sample);
  return samples;
}

/** The kind of work the sample's innermost frame did. */
function kindOf({ comm, frames }) {
  const top = frames[0] ?? '';
  const stack = frames.join(' ');
  if (top.includes('[kernel')) {
    if (/sys_write|sys_writev|sendmsg|sys_sendto/.test(stack)) return 'kernel: writes and sends';
    if (/sys_read|recv/.test(stack)) return 'kernel: reads and receives';
    if (/epoll/.test(stack)) return 'kernel: waiting for events (epoll)';
    if (/page_fault|exc_page|mmap|madvise|munmap/.test(stack))
      return 'kernel: memory (page faults, mappings)';
    return 'kernel: other';
  }
  if (comm === 'V8Worker' || /Scaveng|Mark|Sweep|Evacuat|Heap::|GCTracer|Compactor/.test(top))
    return 'garbage collection';
  if (top.includes('Json')) return 'JSON parse and stringify (V8)';
  if (/compiler::|Maglev|Turbofan|Compile/.test(top)) return 'JIT compiler';
  if (top.includes('JS:')) return 'JavaScript (optimised code)';
  if (top.includes('Builtins_')) return "V8's builtins (property access, calls, promises)";
  if (/String|Utf8|utf8|simdutf|memcpy|memmove|memcmp|memchr|CopyChars/.test(top))
    return 'strings and bytes';
  return 'other native code';
}

/** A JavaScript frame as `function file:line`, with the path from the package or dist on. */
function functionOf(frame) {
  // `JS:<tier>'name file:line:column` for a named function, `JS:<tier> file:…` for another.
  const match = /JS:[*+^~]?'?\s*(?:(\S+) )?(\S+)$/.exec(
    frame.replace(/\s*\(\/tmp\/perf-\d+\.map\)$/, ''),
  );
  if (!match) return undefined;
  const [, name, place] = match;
  const short = place.replace(/^file:\/\//, '').replace(/.*\/(node_modules|dist)\//, '');
  return name ? `${name} ${short}` : short;
}

function processName(pid, comm) {
  const given = (values.name ?? []).find((entry) => entry.startsWith(`${pid}=`));
  if (given) return given.slice(pid.length + 1);
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const script = command.find((part) => /\/dist\/main\.js$/.test(part));
    if (script) return `${script.split('/').at(-3)} (${pid})`;
  } catch {
    // The process is gone: named by its command.
  }
  return ['postgres', 'nats-server', 'redis-server'].includes(comm) ? comm : `${comm} (${pid})`;
}

const samples = samplesOf(readFileSync(positionals[0], 'utf8'));
/** Each process's command, as its threads other than V8's workers name it. */
const commands = new Map();
for (const { pid, comm } of samples)
  if (comm !== 'V8Worker' && !commands.has(pid)) commands.set(pid, comm);
const names = new Map();
const byProcess = new Map();
for (const sample of samples) {
  if (!names.has(sample.pid))
    names.set(sample.pid, processName(sample.pid, commands.get(sample.pid) ?? sample.comm));
  const name = names.get(sample.pid);
  let entry = byProcess.get(name);
  if (!entry) byProcess.set(name, (entry = { count: 0, kinds: new Map(), functions: new Map() }));
  entry.count++;
  const kind = kindOf(sample);
  entry.kinds.set(kind, (entry.kinds.get(kind) ?? 0) + 1);
  if (sample.comm === 'MainThread') {
    const seen = new Set(sample.frames.map(functionOf).filter(Boolean));
    for (const fn of seen) entry.functions.set(fn, (entry.functions.get(fn) ?? 0) + 1);
  }
}

const percent = (part, whole) => `${((100 * part) / whole).toFixed(1)} %`;
const top = Number(values.top);
for (const [name, entry] of [...byProcess].sort((a, b) => b[1].count - a[1].count)) {
  if (entry.count / samples.length < 0.01) continue;
  console.log(
    `\n## ${name}: ${entry.count} samples, ${percent(entry.count, samples.length)} of all`,
  );
  console.log('\n| Kind of work | Share |\n| --- | ---: |');
  for (const [kind, count] of [...entry.kinds].sort((a, b) => b[1] - a[1]))
    console.log(`| ${kind} | ${percent(count, entry.count)} |`);
  const mainSamples = entry.functions.size > 0 ? entry.count : 0;
  if (mainSamples === 0) continue;
  console.log('\n| JavaScript function on the stack (inclusive) | Share |\n| --- | ---: |');
  for (const [fn, count] of [...entry.functions].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`| \`${fn}\` | ${percent(count, entry.count)} |`);
}
