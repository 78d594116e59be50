// Every package the services, libraries, apps and tools import at run time must be a
// production dependency: the Docker images run `npm prune --omit=dev`, so a runtime import
// listed under devDependencies crashes the image at start. Test code and the testing library
// may use devDependencies. Part of `npm run check`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const production = new Set(Object.keys(manifest.dependencies ?? {}));
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test']);
const IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

const packageOf = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

const problems = [];
function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) walk(file);
      continue;
    }
    if (!/\.tsx?$/.test(entry.name) || /\.(spec|int-spec|e2e-spec)\.tsx?$/.test(entry.name))
      continue;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2];
      if (!specifier || specifier.startsWith('.') || specifier.startsWith('node:')) continue;
      const name = packageOf(specifier);
      if (name.startsWith('@greetboard/') || production.has(name)) continue;
      problems.push(`${path.relative(root, file)}: '${name}' is not in "dependencies"`);
    }
  }
}

for (const dir of ['apps', 'services', 'tools', 'libs']) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    // The testing library is used by tests only.
    if (entry.isDirectory() && !(dir === 'libs' && entry.name === 'testing')) {
      walk(path.join(root, dir, entry.name));
    }
  }
}

if (problems.length > 0) {
  console.error(`Runtime imports of development-only packages:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('Runtime dependencies: every runtime import is a production dependency.');
