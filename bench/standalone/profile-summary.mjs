// Where a V8 CPU profile's time went: self time grouped by package (a dependency under
// node_modules, one of the workspace's own projects, Node.js itself) and the functions that
// took the most. A V8 heap sampling profile (`.heapprofile`, as `bench/pipeline/pipeline.mjs
// --heap-sample` writes them) is summarised the same way, by the bytes each function allocated.
// Usage: node bench/standalone/profile-summary.mjs <file.cpuprofile|file.heapprofile> [--top N]
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '15' } },
});
if (positionals.length !== 1) {
  console.error(
    'Usage: node bench/standalone/profile-summary.mjs <file.cpuprofile|file.heapprofile> [--top N]',
  );
  process.exit(2);
}
const profile = JSON.parse(await readFile(positionals[0], 'utf8'));

/** The group a function's script belongs to. */
function groupOf({ url, functionName }) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  // PGlite's PostgreSQL, compiled to WebAssembly.
  if (url.startsWith('wasm://')) return 'PostgreSQL in PGlite (WebAssembly)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    // The workspace's own projects are linked into node_modules as @greetboard/*.
    return name;
  }
  if (url.startsWith('node:')) return 'node (runtime)';
  const own = /\/(libs|services|apps|tools)\/([^/]+)\//.exec(url);
  if (own) return `@greetboard/${own[2]}`;
  return url;
}

/** Each call frame with its weight: µs of self time, or bytes allocated in a heap profile. */
function weightedFrames() {
  if (profile.head) {
    const frames = [];
    const visit = (node) => {
      frames.push([node.callFrame, node.selfSize]);
      node.children.forEach(visit);
    };
    visit(profile.head);
    return frames;
  }
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map();
  const { samples, timeDeltas } = profile;
  for (let index = 0; index < samples.length; index++) {
    const id = samples[index];
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (timeDeltas[index] ?? 0));
  }
  return [...selfMicros].map(([id, micros]) => [nodes.get(id).callFrame, micros]);
}

const heap = Boolean(profile.head);
const frames = weightedFrames();
const total = frames.reduce((sum, [, weight]) => sum + weight, 0);
const groups = new Map();
const functions = new Map();
for (const [frame, weight] of frames) {
  const group = groupOf(frame);
  groups.set(group, (groups.get(group) ?? 0) + weight);
  const name = `${frame.functionName || '(anonymous)'} ${group}:${frame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + weight);
}
const busy = total - (groups.get('(idle)') ?? 0);
const amount = (weight) =>
  heap ? `${(weight / 1e6).toFixed(1)} MB` : `${(weight / 1000).toFixed(0)} ms`;
const table = (map, top) =>
  [...map]
    .filter(([name]) => !name.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([name, weight]) =>
        `| ${name} | ${amount(weight)} | ${((100 * weight) / busy).toFixed(1)} % |`,
    )
    .join('\n');
const top = Number(values.top);
if (heap) {
  console.log(`Allocated: ${(total / 1e6).toFixed(1)} MB sampled\n`);
  console.log(`| Package | Allocated | Share |\n| --- | --- | --- |\n${table(groups, top)}\n`);
  console.log(`| Function | Allocated | Share |\n| --- | --- | --- |\n${table(functions, top)}`);
} else {
  console.log(
    `Profile: ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s ` +
      `(idle ${(((groups.get('(idle)') ?? 0) / total) * 100).toFixed(0)} %)\n`,
  );
  console.log(
    `| Package | Self time | Share of busy |\n| --- | --- | --- |\n${table(groups, top)}\n`,
  );
  console.log(
    `| Function | Self time | Share of busy |\n| --- | --- | --- |\n${table(functions, top)}`,
  );
}
