// `npm run dev`: builds, starts the standalone runtime on its embedded defaults, and rebuilds
// whatever changed under a `src/` folder; `node --watch` restarts the runtime when the build
// output it loads changes. Ctrl+C stops both.
import { spawn, spawnSync } from 'node:child_process';
import { watch } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const BUILD = ['nx', 'run-many', '-t', 'build', '--output-style=static'];
const SOURCES = ['apps', 'services', 'libs', 'tools', 'web'];
const DEBOUNCE_MS = 300;

if (spawnSync('npx', BUILD, { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
const app = spawn(process.execPath, ['--watch', 'apps/standalone/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});

let timer;
let building = false;
let pending = false;
function rebuild() {
  if (building) {
    pending = true;
    return;
  }
  building = true;
  spawn('npx', BUILD, { cwd: root, stdio: 'inherit' }).once('exit', () => {
    building = false;
    if (pending) {
      pending = false;
      rebuild();
    }
  });
}

for (const dir of SOURCES) {
  watch(path.join(root, dir), { recursive: true }, (_event, file) => {
    if (!file || !file.split(path.sep).includes('src')) return;
    if (/(^|[\\/])(dist|node_modules)[\\/]/.test(file)) return;
    clearTimeout(timer);
    timer = setTimeout(rebuild, DEBOUNCE_MS);
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    app.kill(signal);
    app.once('exit', () => process.exit(0));
  });
}
