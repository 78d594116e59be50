// Keeps the runtime install (`npm prune --omit=dev` in the Docker image) complete and lean.
// Part of `npm run check`.
// - Each server package (libs, services, apps, tools) lists in its own "dependencies" every
//   package its runtime code imports: a runtime import of a devDependency crashes the image at
//   start. Test code and the testing library may use devDependencies.
// - The root package.json has no "dependencies": each package declares its own.
// - The web app is bundled by Vite at build time, so it declares devDependencies only, and none
//   of its packages may reach the runtime install: not declared by a server package, and marked
//   dev-only in package-lock.json (which catches a server dependency that pulls one in).
// - A package declared by several packages has one version range, and each runtime dependency
//   has one copy in package-lock.json: two copies of @nestjs/core or typeorm in one process
//   break dependency injection and entity metadata (docs/adr/0001-workspace-and-boundaries.md).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test']);
const IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

const packageOf = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

function runtimeImports(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) found.push(...runtimeImports(file));
      continue;
    }
    if (!/\.tsx?$/.test(entry.name) || /\.(spec|int-spec|e2e-spec)\.tsx?$/.test(entry.name))
      continue;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (!specifier || specifier.startsWith('.') || specifier.startsWith('node:')) continue;
      found.push({ file, name: packageOf(specifier) });
    }
  }
  return found;
}

const problems = [];
const isOwn = (name) => name.startsWith('@greetboard/');

if (Object.keys(readJson('package.json').dependencies ?? {}).length > 0) {
  problems.push('package.json: the root declares "dependencies"; declare them where they are used');
}

const web = readJson('web/package.json');
if (Object.keys(web.dependencies ?? {}).length > 0) {
  problems.push(
    'web/package.json: the bundled web app declares "dependencies"; use devDependencies',
  );
}
const browser = new Set(Object.keys(web.devDependencies ?? {}).filter((name) => !isOwn(name)));

for (const group of ['apps', 'services', 'tools', 'libs']) {
  for (const entry of readdirSync(path.join(root, group), { withFileTypes: true })) {
    // The testing library is used by tests only.
    if (!entry.isDirectory() || (group === 'libs' && entry.name === 'testing')) continue;
    const dir = path.join(group, entry.name);
    const declared = new Set(
      Object.keys(readJson(path.join(dir, 'package.json')).dependencies ?? {}),
    );
    for (const name of declared) {
      if (browser.has(name)) {
        problems.push(
          `${dir}/package.json: '${name}' is browser code (web uses it) in "dependencies"`,
        );
      }
    }
    for (const { file, name } of runtimeImports(path.join(root, dir))) {
      if (isOwn(name) || declared.has(name)) continue;
      problems.push(
        `${path.relative(root, file)}: '${name}' is not in ${dir}/package.json "dependencies"`,
      );
    }
  }
}

const locked = readJson('package-lock.json').packages;
const ranges = new Map();
const runtime = new Set();
for (const [dir, entry] of Object.entries(locked)) {
  if (dir.startsWith('node_modules/')) continue;
  for (const key of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    for (const [name, range] of Object.entries(entry[key] ?? {})) {
      if (isOwn(name)) continue;
      if (key === 'dependencies') runtime.add(name);
      const seen = ranges.get(name) ?? new Map();
      ranges.set(name, seen.set(range, [...(seen.get(range) ?? []), `${dir || '.'}/package.json`]));
    }
  }
}
for (const [name, seen] of ranges) {
  if (seen.size > 1) {
    const where = [...seen].map(([range, files]) => `${range} in ${files.join(', ')}`);
    problems.push(`'${name}' is declared with different ranges: ${where.join('; ')}`);
  }
}
for (const key of Object.keys(locked)) {
  const name = key.split('node_modules/').at(-1);
  if (key !== `node_modules/${name}` && runtime.has(name)) {
    problems.push(`package-lock.json: a second copy of '${name}' at ${key}`);
  }
}
for (const name of browser) {
  const entry = locked[`node_modules/${name}`];
  if (entry && !entry.dev) {
    problems.push(
      `package-lock.json: '${name}' (web's) is in the runtime install; a production dependency pulls it in (npm explain ${name})`,
    );
  }
}

if (problems.length > 0) {
  console.error(`Runtime dependencies:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  'Runtime dependencies: each runtime import is declared by its package, once in the lock; no browser package is installed at run time.',
);
