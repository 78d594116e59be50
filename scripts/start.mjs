// `npm start`: builds what is out of date, saying how far it is instead of printing Nx's
// output (shown in full only when the build fails), then runs the standalone runtime in this
// process, which prints its banner. Extra arguments are ignored.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const nx = path.join(root, 'node_modules', 'nx', 'dist', 'bin', 'nx.js');
const live = process.stdout.isTTY === true;

/** Runs the build; resolves when it succeeded, exits with Nx's output when it failed. */
function build() {
  const started = Date.now();
  const child = spawn(process.execPath, [nx, 'run-many', '-t', 'build', '--output-style=static'], {
    cwd: root,
    env: { ...process.env, NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let pending = '';
  let total = 0;
  let done = 0;
  let reported = 0;
  const report = () => {
    if (total === 0) return;
    const line = `Building Greetboard: ${done} of ${total} projects`;
    if (live) process.stdout.write(`\r${line}`);
    else if (done === 0 || done * 4 >= (reported + 1) * total) {
      // Without a terminal to redraw in, a line per quarter keeps the log short.
      reported = Math.floor((done * 4) / total);
      process.stdout.write(`${line}\n`);
    }
  };
  const read = (chunk) => {
    output += chunk;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const planned = /Running target build for (\d+) projects?/.exec(line);
      if (planned) {
        total = Number(planned[1]);
        report();
      } else if (/^> nx run \S+:build/.test(line.trim())) {
        // Nx's static output names each task once it has finished (built or from the cache).
        done = Math.min(done + 1, total);
        report();
      }
    }
  };
  child.stdout.setEncoding('utf8').on('data', read);
  child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      if (live && total > 0) process.stdout.write('\n');
      if (code !== 0) {
        process.stderr.write(`${output}\nThe build failed (above); Greetboard did not start.\n`);
        process.exit(code ?? 1);
      }
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`Built in ${seconds} s. Starting Greetboard...\n`);
      resolve();
    });
  });
}

await build();
await import(pathToFileURL(path.join(root, 'apps', 'standalone', 'dist', 'main.js')).href);
