// The chart README's parameter tables, generated from the `## @param` comments of the chart's
// values.yaml by bitnami's readme-generator-for-helm.
//   node scripts/chart-readme.mjs          rewrites deploy/helm/greetboard/README.md
//   node scripts/chart-readme.mjs --check  fails, naming them, on values without a @param (or
//                                          @params without a value) and on a README that is
//                                          not what the values generate (part of `npm run check`)
// --values <file> and --readme <file> check or write other files (the chart tests use them).
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const { runReadmeGenerator } = require('@bitnami/readme-generator-for-helm');

const chart = path.resolve(import.meta.dirname, '../deploy/helm/greetboard');
const { values: options } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    values: { type: 'string', default: path.join(chart, 'values.yaml') },
    readme: { type: 'string', default: path.join(chart, 'README.md') },
  },
});

/** Runs the generator on `readme` in place; resolves with the errors it printed. */
function generate(values, readme) {
  const printed = [];
  const log = console.log;
  console.log = (...parts) => printed.push(parts.join(' '));
  try {
    runReadmeGenerator({ values, readme });
    return [];
  } catch (error) {
    const errors = printed.filter((line) => line.startsWith('ERROR:'));
    return errors.length > 0 ? errors : [`ERROR: ${error.message}`];
  } finally {
    console.log = log;
  }
}

const relative = (file) => path.relative(process.cwd(), file);
const dir = mkdtempSync(path.join(os.tmpdir(), 'chart-readme-'));
try {
  const generated = path.join(dir, 'README.md');
  copyFileSync(options.readme, generated);
  const errors = generate(options.values, generated);
  const before = readFileSync(options.readme, 'utf8');
  const after = readFileSync(generated, 'utf8');
  if (errors.length > 0) {
    process.stderr.write(
      `${relative(options.values)}: every value needs a "## @param <key> <description>" comment ` +
        `(bitnami's readme-generator-for-helm):\n${errors.map((e) => `  ${e}\n`).join('')}`,
    );
    process.exitCode = 1;
  } else if (before === after) {
    process.stdout.write(
      `${relative(options.readme)}: every value documented, tables up to date\n`,
    );
  } else if (options.check) {
    process.stderr.write(
      `${relative(options.readme)} is out of date with ${relative(options.values)}: run npm run chart:readme\n`,
    );
    process.exitCode = 1;
  } else {
    copyFileSync(generated, options.readme);
    process.stdout.write(`${relative(options.readme)} updated\n`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
