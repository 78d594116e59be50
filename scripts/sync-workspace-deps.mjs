// Records in each workspace package.json the @greetboard/* packages its sources import,
// so npm links them and Nx orders builds. Run after adding an import of a sibling package.
import { readFileSync, readdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const dirs = workspaces.flatMap((pattern) =>
  pattern.endsWith('/*')
    ? readdirSync(path.join(root, pattern.slice(0, -2)))
        .map((name) => path.join(pattern.slice(0, -2), name))
        .filter((dir) => existsSync(path.join(root, dir, 'package.json')))
    : [pattern],
);

function sources(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx|mjs)$/.test(name) ? [full] : [];
  });
}

for (const dir of dirs) {
  const file = path.join(root, dir, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  const runtime = new Set();
  const testOnly = new Set();
  for (const src of [
    ...sources(path.join(root, dir, 'src')),
    ...sources(path.join(root, dir, 'test')),
  ]) {
    const isTest =
      /\.(spec|int-spec|e2e-spec)\.tsx?$/.test(src) || src.includes(`${path.sep}test${path.sep}`);
    for (const [, name] of readFileSync(src, 'utf8').matchAll(/from '(@greetboard\/[a-z-]+)'/g)) {
      if (name !== pkg.name) (isTest ? testOnly : runtime).add(name);
    }
  }
  const set = (key, names) => {
    const others = Object.fromEntries(
      Object.entries(pkg[key] ?? {}).filter(([name]) => !name.startsWith('@greetboard/')),
    );
    const merged = { ...others, ...Object.fromEntries([...names].sort().map((n) => [n, '*'])) };
    if (Object.keys(merged).length) pkg[key] = merged;
    else delete pkg[key];
  };
  // The web app is bundled by Vite at build time, so all it imports is a build-time
  // dependency and the production install (`npm prune --omit=dev`) leaves it out.
  const bundled = dir === 'web';
  set('dependencies', bundled ? [] : runtime);
  set(
    'devDependencies',
    bundled ? [...runtime, ...testOnly] : [...testOnly].filter((name) => !runtime.has(name)),
  );
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
}
