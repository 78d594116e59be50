#!/usr/bin/env node
// Sums the gzipped JavaScript each route needs on first load (the entry, the route's lazy
// chunks and everything they import statically), read from Vite's build manifest, for an
// English reader and for a reader of the largest other language (its texts are a chunk of
// their own). Exits non-zero when a route is over its budget. Run after `vite build`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const ROUTES = [
  { name: 'overlay (/obs)', chunks: ['src/features/overlay/OverlayPage.tsx'], budgetKb: 152 },
  {
    name: 'dashboard (/dashboard)',
    chunks: ['src/features/shell/AppLayout.tsx', 'src/features/dashboard/DashboardPage.tsx'],
    budgetKb: 300,
  },
];

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey)
  throw new Error('No entry in the Vite manifest; was the build run with manifest: true?');

/** The chunk and every chunk it imports statically, as output file names. */
function collect(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
  return files;
}

const gzipCache = new Map();
function gzippedBytes(file) {
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** The language chunks loaded besides the entry (English is part of the entry). */
const locales = Object.keys(manifest)
  .filter((key) => /^src\/locales\/[a-z]{2}\.ts$/.test(key))
  .map((key) => ({ language: key.slice('src/locales/'.length, -'.ts'.length), key }));
const largestLocale = locales
  .map((locale) => ({
    ...locale,
    bytes: [...collect(locale.key)].reduce((n, f) => n + gzippedBytes(f), 0),
  }))
  .sort((a, b) => b.bytes - a.bytes)[0];

let failed = false;
for (const route of ROUTES) {
  const files = collect(entryKey);
  for (const key of route.chunks) collect(key, files);
  const readers = [{ language: 'en', files }];
  if (largestLocale)
    readers.push({
      language: largestLocale.language,
      files: collect(largestLocale.key, new Set(files)),
    });
  for (const reader of readers) {
    const js = [...reader.files].filter((file) => file.endsWith('.js'));
    const kb = js.reduce((sum, file) => sum + gzippedBytes(file), 0) / 1024;
    const over = kb > route.budgetKb;
    failed ||= over;
    console.log(
      `${route.name}, ${reader.language}: ${kb.toFixed(1)} KB gzipped JS in ${js.length} files (budget ${route.budgetKb} KB)${over ? ' OVER BUDGET' : ''}`,
    );
  }
}
process.exitCode = failed ? 1 : 0;
